// The shapes the leads' public route answers with (pb_hooks/audits.pb.js), shared with the
// browser (src/offline/results-mail.ts imports them as types). Pure: no PocketBase here.

/** The most earlier audits one question may name (`?earlier=id,id,...`). */
export const EARLIER_AUDITS_MAX = 10

/**
 * GET /api/audits/{id}/results-mail?earlier=<ids>: which mail carries a free audit's results.
 * `this`: the results mail of this audit. `earlier`: one of the earlier audits the asking device
 * named (its own: their ids are known only to the device that made them) went to the same address
 * within the results mail's window, so this audit is not mailed (one results mail per address per
 * `windowHours`); `earlierAt` is when that audit of the device's was saved (ISO time).
 */
export type ResultsMailAnswer =
  { mailed: 'this' } | { mailed: 'earlier'; earlierAt: string; windowHours: number }
