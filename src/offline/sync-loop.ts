// Decides WHEN the outbox flushes: at start, when the browser comes back online, when the
// page becomes visible again, after every flush that leaves items waiting (a timer set to the
// next item's back-off), and when someone signs in (owner-bound items wait for their owner).
import type { Outbox } from './outbox'
import type { FlushReport } from './outbox-items'

/** While another tab holds the flush lock, look again this often. */
export const BUSY_RECHECK_MS = 10_000
/** After an unexpected error (e.g. the SDK chunk failed to load offline), try again after this. */
export const ERROR_RECHECK_MS = 30_000
const MIN_DELAY_MS = 250

export interface SyncLoop {
  /**
   * Flush now (coalesced with a flush already running). `wake`: also retry items held back by
   * a network error, because the connection may be back.
   */
  kick(wake?: boolean): void
  stop(): void
  /** Resolves once no flush or scheduling started by the loop is still running. */
  idle(): Promise<void>
}

export interface SyncLoopEnv {
  /** Receives 'online' (window in a browser). */
  events?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
  /** Receives 'visibilitychange' (document in a browser). */
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>
  now?: () => number
}

export function startSyncLoop(outbox: Outbox, env: SyncLoopEnv = browserEnv()): SyncLoop {
  const now = env.now ?? (() => Date.now())
  let timer: ReturnType<typeof setTimeout> | undefined
  let timerAt = Infinity
  let running = false
  let kickAgain = false
  let wakeNext = false
  let stopped = false
  const busy = new Set<Promise<unknown>>()
  const track = (work: Promise<unknown>) => {
    busy.add(work)
    void work.finally(() => busy.delete(work))
  }

  const schedule = async (report: FlushReport | null) => {
    if (stopped) return
    let delay: number
    if (report === null) {
      delay = ERROR_RECHECK_MS
    } else {
      const due = await outbox.nextDueAt()
      if (due === null) {
        if (report.acquired) setTimer(Infinity)
        return
      }
      delay = Math.max(due - now(), report.acquired ? MIN_DELAY_MS : BUSY_RECHECK_MS)
    }
    const at = now() + delay
    // A flush that could not run knows less than one that did: it never postpones a timer.
    if (report && !report.acquired && timerAt <= at) return
    setTimer(at)
  }

  function setTimer(at: number) {
    if (stopped) return
    clearTimeout(timer)
    timerAt = at
    if (at === Infinity) return
    timer = setTimeout(
      () => {
        timerAt = Infinity
        kick()
      },
      Math.max(0, at - now()),
    )
  }

  async function run() {
    running = true
    try {
      do {
        kickAgain = false
        const wake = wakeNext
        wakeNext = false
        try {
          await outbox.flush({ wake }) // the onFlush listener schedules the next one
        } catch (err) {
          console.warn('outbox: flush failed', err)
          await schedule(null)
        }
      } while (kickAgain && !stopped)
    } finally {
      running = false
    }
  }

  function kick(wake = false) {
    if (stopped) return
    wakeNext ||= wake
    if (running) {
      kickAgain = true
      return
    }
    track(run())
  }

  // Every flush, including those started elsewhere (enqueue, retry), may leave items waiting.
  const offFlush = outbox.onFlush((report) => track(schedule(report).catch(() => undefined)))
  const onOnline = () => kick(true)
  const onVisible = () => {
    if (env.document?.visibilityState === 'visible') kick(true)
  }
  env.events?.addEventListener('online', onOnline)
  env.document?.addEventListener('visibilitychange', onVisible)
  // App start: whatever an earlier visit left waiting gets one try now.
  kick(true)

  return {
    kick,
    async idle() {
      while (busy.size > 0) await Promise.allSettled([...busy])
    },
    stop() {
      stopped = true
      clearTimeout(timer)
      offFlush()
      env.events?.removeEventListener('online', onOnline)
      env.document?.removeEventListener('visibilitychange', onVisible)
    },
  }
}

function browserEnv(): SyncLoopEnv {
  if (typeof window === 'undefined') return {}
  return { events: window, document }
}
