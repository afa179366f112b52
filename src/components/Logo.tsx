import { useSiteContent } from './site-content'

/** The mark (a spruce-green tile with a birch ridge and a warm summit) and the business name. */
export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { businessName } = useSiteContent()
  return (
    <span className={`logo logo--${tone}`}>
      <svg className="logo__mark" viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1f4d3a" />
        <path d="M8 48 24 22l8 12 8-14 16 28Z" fill="#faf8f3" />
        <path d="M36 27l4-7 4 7Z" fill="#b4531f" />
      </svg>
      <span className="logo__name">{businessName}</span>
    </span>
  )
}
