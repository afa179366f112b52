import type { PendingPersonUpdate } from '../../offline/admin-cache'

const time = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** When what is shown was loaded, whether it is the offline copy, and what waits to be sent. */
export function SyncLine({
  syncedAt,
  fromCopy,
  pending,
}: {
  syncedAt: number
  fromCopy: boolean
  pending: PendingPersonUpdate[]
}) {
  const waiting = pending.filter((p) => !p.failed).length
  const failed = pending.length - waiting
  return (
    <p className={fromCopy ? 'admin-sync admin-sync--offline' : 'admin-sync'} role="status">
      {fromCopy ? 'Offline: showing the copy synced ' : 'Synced '}
      <time dateTime={new Date(syncedAt).toISOString()}>{time.format(syncedAt)}</time>.
      {waiting > 0 && ` ${waiting === 1 ? '1 change' : `${waiting} changes`} waiting to send.`}
      {failed > 0 && ` ${failed === 1 ? '1 change' : `${failed} changes`} could not be sent.`}
    </p>
  )
}
