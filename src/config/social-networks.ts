// The social networks the site draws an icon for (src/components/SocialLinks.tsx), known by the
// names a consultant may give a link in the Site tab and by their sites' addresses. A link to any
// other network shows its name instead of an icon.

export const SOCIAL_NETWORKS = ['LinkedIn', 'Facebook', 'Instagram', 'YouTube', 'X'] as const
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number]

const known: Record<SocialNetwork, { names: string[]; hosts: string[] }> = {
  LinkedIn: { names: ['linkedin'], hosts: ['linkedin.com'] },
  Facebook: { names: ['facebook', 'fb'], hosts: ['facebook.com', 'fb.com'] },
  Instagram: { names: ['instagram', 'insta'], hosts: ['instagram.com'] },
  YouTube: { names: ['youtube'], hosts: ['youtube.com', 'youtu.be'] },
  X: { names: ['x', 'twitter', 'x (twitter)'], hosts: ['x.com', 'twitter.com'] },
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^(www|m)\./, '')
  } catch {
    return ''
  }
}

/** The network of a link, by its name (any case) or its address; null for any other. */
export function socialNetwork(label: string, url: string): SocialNetwork | null {
  const name = label.trim().toLowerCase()
  const host = hostOf(url)
  for (const network of SOCIAL_NETWORKS) {
    const { names, hosts } = known[network]
    if (names.includes(name) || hosts.some((h) => host === h || host.endsWith(`.${h}`))) {
      return network
    }
  }
  return null
}
