// A free audit sent the way a visitor's browser sends it, straight to the worker's server.
import PocketBase from 'pocketbase'
import { answersScoring } from '../../unit/admin/audit-answers'
import { baseURL } from './helpers'

/** Creates a free audit for `email` whose answers score `score`; the server scores it. */
export async function submitAudit(email: string, score: number): Promise<string> {
  const guest = new PocketBase(baseURL())
  guest.autoCancellation(false)
  const audit = await guest.collection('audits').create({
    flow: 'free',
    email,
    answers: answersScoring(score),
    otherTexts: {},
    newsletterSubscription: false,
    completedAt: new Date().toISOString(),
  })
  return audit.id
}
