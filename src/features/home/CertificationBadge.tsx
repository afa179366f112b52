interface CertificationBadgeProps {
  /** First line, e.g. "Google Ads". */
  issuer: string
  /** Second line, e.g. "Measurement Certified". */
  credential: string
  icon: 'analytics' | 'measurement'
}

const icons = {
  // Three rising bars.
  analytics: <path d="M-9 8V1h5v7Zm7 0V-4h5V8Zm7 0V-10h5V8Z" fill="#faf8f3" />,
  // A target.
  measurement: (
    <g fill="none" stroke="#faf8f3" strokeWidth="2.4">
      <circle r="10" />
      <circle r="5" />
      <circle r="1.2" fill="#faf8f3" />
    </g>
  ),
}

/** An analytics certification drawn as a badge: a seal with a ribbon, the issuer and the credential. */
export function CertificationBadge({ issuer, credential, icon }: CertificationBadgeProps) {
  return (
    <svg
      className="cert-badge"
      viewBox="0 0 280 84"
      width="280"
      height="84"
      role="img"
      aria-label={`${issuer} ${credential}`}
    >
      <rect
        x="1"
        y="1"
        width="278"
        height="82"
        rx="12"
        fill="#fff"
        stroke="#d5d9dc"
        strokeWidth="2"
      />
      <g transform="translate(42 40)">
        <path d="M-12 18l-6 22 12-6 6 8 2-22Zm24 0 6 22-12-6-6 8-2-22Z" fill="#b4531f" />
        <circle r="24" fill="#1f4d3a" />
        <circle r="20" fill="none" stroke="#faf8f3" strokeOpacity="0.5" strokeDasharray="2 3" />
        {icons[icon]}
      </g>
      <g fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" fontWeight="700">
        <text x="82" y="37" fontSize="16" fill="#22262a">
          {issuer}
        </text>
        <text x="82" y="59" fontSize="11.5" letterSpacing="1.2" fill="#1f4d3a">
          {credential.toUpperCase()}
        </text>
      </g>
    </svg>
  )
}
