// The order a run sends in: by class (account, owner, visitor, followup, bulk, webhook, alert, job), then by
// the kind's own priority within its class, then oldest first. The kinds' priorities are read
// when a run claims, never when this module loads (kinds register after it).
import { findKind, kindNames } from './registry'
import type { DeliveryClass, DeliveryRow } from './types'

// Highest first. Within a class, oldest first.
const CLASSES: readonly DeliveryClass[] = [
  'account',
  'owner',
  'visitor',
  'followup',
  'bulk',
  'webhook',
  'alert',
  'job',
]
/** The rank of a class no kind declares (after every known one). */
const UNKNOWN_CLASS = 9
const DEFAULT_PRIORITY = 5

/** SQL: a row's class as its rank. */
export const CLASS_RANK =
  'CASE class ' +
  CLASSES.map((name, i) => `WHEN '${name}' THEN ${i}`).join(' ') +
  ` ELSE ${UNKNOWN_CLASS} END`

/** SQL: within a class, a kind's own priority (a visitor's message before an audit notice). */
export function kindRankSql(): string {
  return (
    'CASE kind ' +
    kindNames()
      .filter((name) => typeof findKind(name)?.priority === 'number')
      .map((name) => `WHEN '${name}' THEN ${Number(findKind(name)?.priority)}`)
      .join(' ') +
    ` ELSE ${DEFAULT_PRIORITY} END`
  )
}

function classRank(name: string): number {
  const i = CLASSES.indexOf(name as DeliveryClass)
  return i < 0 ? UNKNOWN_CLASS : i
}

function kindPriority(name: string): number {
  const priority = findKind(name)?.priority
  return typeof priority === 'number' ? priority : DEFAULT_PRIORITY
}

/** The claim's order (CLASS_RANK, kindRankSql(), runAt, created, id) for rows in memory. */
export function inClaimOrder(a: DeliveryRow, b: DeliveryRow): number {
  const byClass = classRank(a.class) - classRank(b.class)
  if (byClass !== 0) return byClass
  const byKind = kindPriority(a.kind) - kindPriority(b.kind)
  if (byKind !== 0) return byKind
  if (a.runAt !== b.runAt) return a.runAt < b.runAt ? -1 : 1
  if (a.created !== b.created) return a.created < b.created ? -1 : 1
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}
