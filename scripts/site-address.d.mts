// Types for scripts/site-address.mjs (used from the TypeScript tests).

/**
 * The site's public address as `env` gives it, without a trailing slash ('' when unset):
 * SITE_URL, else APP_URL.
 */
export function wantedSiteAddress(env?: Record<string, string | undefined>): string

/** The address the build in `dir` was made for (its robots.txt's sitemap line), or ''. */
export function builtSiteAddress(dir: string): string
