// An audit's create answers with its score and queues one job, `leads.audit-saved`
// (server/leads/audit-saved.ts), which the dispatcher runs moments later: the mails, the webhook
// event, the person, the newsletter choice, the follow-ups. A test that reads those waits for it.

export const AUDIT_SAVED_JOB = 'leads.audit-saved'

/** How many audits' jobs wait to run or are running (every audit's, or the one with `auditId`). */
export async function auditJobsWaiting(
  url: string,
  superuserToken: string,
  auditId?: string,
): Promise<number> {
  const filter =
    `kind = '${AUDIT_SAVED_JOB}' && (status = 'pending' || status = 'sending')` +
    (auditId ? ` && sourceId = '${auditId}'` : " && sourceId != ''")
  const res = await fetch(
    `${url}/api/collections/deliveries/records?perPage=1&skipTotal=false&filter=${encodeURIComponent(filter)}`,
    { headers: { authorization: superuserToken } },
  )
  if (!res.ok) throw new Error(`reading the queue failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { totalItems: number }).totalItems
}

/**
 * Waits until the audits' jobs have run (all of them, or `auditId`'s), as the dispatcher runs
 * them. A server started with QUEUE_DISPATCH=manual runs none by itself: `runAuditJobs` first.
 */
export async function auditJobsDone(
  url: string,
  superuserToken: string,
  auditId?: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while ((await auditJobsWaiting(url, superuserToken, auditId)) > 0) {
    if (Date.now() > deadline) throw new Error('the audit jobs did not run in time')
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Runs every due job now (POST /api/queue/jobs/{kind}/run runs the job lane's due rows). */
export async function runAuditJobs(url: string, superuserToken: string): Promise<void> {
  const res = await fetch(`${url}/api/queue/jobs/${AUDIT_SAVED_JOB}/run`, {
    method: 'POST',
    headers: { authorization: superuserToken },
  })
  if (!res.ok) throw new Error(`running the jobs failed: ${res.status} ${await res.text()}`)
}
