import { socialNetwork, type SocialNetwork } from '../config/social-networks'
import { useSiteContent } from './site-content'
import './social-links.css'

// Simple-outline icons, drawn inline so they cost no request and scale with the text.
const icons: Record<SocialNetwork, string> = {
  LinkedIn:
    'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.5h4V21H3V9.5Zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.06 3.77-2.06 4.03 0 4.77 2.65 4.77 6.1V21h-4v-5.2c0-1.24-.02-2.84-1.73-2.84-1.73 0-2 1.35-2 2.75V21h-4V9.5Z',
  Facebook:
    'M14 8.5V6.8c0-.8.2-1.3 1.4-1.3H17V2.2c-.3 0-1.3-.2-2.5-.2-2.5 0-4.2 1.5-4.2 4.3v2.2H7.5V12h2.8v10H14V12h2.8l.4-3.5H14Z',
  Instagram:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10Zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4ZM17.3 5.5a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4ZM12 2c-2.7 0-3.1 0-4.1.06-3.7.17-5.7 2.1-5.84 5.84C2 8.9 2 9.3 2 12s0 3.1.06 4.1c.17 3.7 2.1 5.7 5.84 5.84C8.9 22 9.3 22 12 22s3.1 0 4.1-.06c3.7-.17 5.7-2.1 5.84-5.84C22 15.1 22 14.7 22 12s0-3.1-.06-4.1c-.17-3.7-2.1-5.7-5.84-5.84C15.1 2 14.7 2 12 2Zm0 1.8c2.67 0 2.99 0 4.04.06 2.71.12 3.98 1.41 4.1 4.1.05 1.05.06 1.37.06 4.04s0 2.99-.06 4.04c-.12 2.69-1.38 3.98-4.1 4.1-1.05.05-1.37.06-4.04.06s-2.99 0-4.04-.06c-2.72-.12-3.98-1.42-4.1-4.1C3.81 14.99 3.8 14.67 3.8 12s0-2.99.06-4.04c.12-2.69 1.39-3.98 4.1-4.1C9.01 3.81 9.33 3.8 12 3.8Z',
  YouTube:
    'M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12 31 31 0 0 0 1 16.8a3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1 31 31 0 0 0 .5-4.8 31 31 0 0 0-.5-4.8ZM9.75 15.02V8.98L15.5 12l-5.75 3.02Z',
  X: 'M18.9 2H22l-7.2 8.2L23.3 22h-6.6l-5.2-6.8L5.5 22H2.4l7.7-8.8L1.9 2h6.8l4.7 6.2L18.9 2Zm-1.1 18h1.7L7.3 3.9H5.5L17.8 20Z',
}

/**
 * The site's social profiles as round icons; a link to a network without an icon shows its name
 * instead, so no link is ever an empty circle.
 */
export function SocialLinks({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { social } = useSiteContent()
  if (social.length === 0) return null
  return (
    <ul className={`social-links social-links--${tone}`}>
      {social.map((link, index) => {
        const network = socialNetwork(link.label, link.url)
        const icon = network ? icons[network] : ''
        return (
          <li key={index}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className={icon ? undefined : 'social-links__named'}
            >
              {icon ? (
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d={icon} fill="currentColor" />
                </svg>
              ) : (
                <span aria-hidden="true">{link.label}</span>
              )}
              <span className="visually-hidden">{link.label} (opens in a new tab)</span>
            </a>
          </li>
        )
      })}
    </ul>
  )
}
