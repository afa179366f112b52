// The codes stored in the collections' select fields (pb_migrations/), as types.
export type AuditFlow = 'member' | 'free'
export type ContactSource = 'portfolio_website' | 'business_efficiency_audit' | 'call_back'
export type NewsletterSource = 'hero_section' | 'footer' | 'about' | 'signup' | 'audit'
/** pending until the mail's link is followed; unsubscribed stays suppressed until a new one. */
export type NewsletterStatus = 'pending' | 'active' | 'unsubscribed'
