// An audit's short reference: what a visitor reads out or types to the consultant about one audit
// (the report and the dashboard show it instead of the whole id). It is the start of the audit's
// id, which the consultant's console and notification mails show in full.

/** How many characters of the id the reference keeps. */
export const AUDIT_REFERENCE_LENGTH = 8

/** e.g. "k7q2m9xa" for the audit "k7q2m9xab3c4d5e". */
export function auditReference(auditId: string): string {
  return auditId.slice(0, AUDIT_REFERENCE_LENGTH)
}
