// How a link asks for a new signed-in audit (the dashboard's "Start New Audit"): its history
// state. The audit page then starts fresh instead of reopening a finished report kept on this
// device (that report is saved in the dashboard already).

/** The `state` of a link to the signed-in audit that starts a new one. */
export const NEW_AUDIT_STATE = { newAudit: true } as const

/** True for the history state NEW_AUDIT_STATE. */
export function asksForNewAudit(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    (state as { newAudit?: unknown }).newAudit === true
  )
}
