import { useEffect, useRef, useState } from 'react'
import { site } from '../config/site'
import { CallBackForm } from './CallBackForm'
import { SchedulerDirectLine } from './SchedulerDirectLine'
import { SchedulerWays } from './SchedulerWays'
import { useOnline } from '../offline/online'
import { loadSchedulerScript, schedulerUrl } from './scheduler-script'
import type { SchedulerPrefill } from './scheduler-script'
import type { BookingContext } from './booking-funnel'
import './modal.css'

type SchedulerState = 'loading' | 'ready' | 'offline' | 'failed'

/**
 * The provider's inline scheduler for `bookingUrl`. Mount it only when the visitor asked for it:
 * mounting loads the provider's script. The direct ways to book (the booking link, the phone
 * number and the e-mail address) sit under the scheduler's box from the first paint, so a patchy
 * connection never hides them; offline, or when the script fails or times out, the top of the box
 * offers them at once as buttons, with Try again and a "call me back" form that is queued like a
 * message (the box keeps its height, so nothing below moves).
 */
export function SchedulerEmbed(props: { bookingUrl: string; prefill?: SchedulerPrefill }) {
  const { bookingUrl } = props
  const { reportAudit, ...prefill } = props.prefill ?? {}
  const prefillKey = JSON.stringify(prefill)
  const contextKey = JSON.stringify({ audit: reportAudit, email: prefill.email })
  // The funnel's part (booking_opened, call_booked) and the booking's report, loaded with the
  // scheduler.
  useEffect(() => {
    let stop: (() => void) | undefined
    let live = true
    import('./booking-funnel')
      .then((m) => {
        if (live) stop = m.watchBooking(JSON.parse(contextKey) as BookingContext)
      })
      .catch(() => undefined)
    return () => {
      live = false
      stop?.()
    }
  }, [contextKey])

  const frame = useRef<HTMLDivElement>(null)
  const [loadState, setState] = useState<SchedulerState>('loading')
  // Offline before anything was tried: the fallback at once. (useOnline() says online in the
  // prerendered /call page and in the browser's hydration of it, so the two agree.)
  const online = useOnline()
  const state: SchedulerState = loadState === 'loading' && !online ? 'offline' : loadState

  useEffect(() => {
    if (state !== 'loading') return
    let cancelled = false
    Promise.all([loadSchedulerScript(site.booking.scriptUrl), import('./booking-funnel')]).then(
      ([api, { bookingParams }]) => {
        if (cancelled || !frame.current) return
        frame.current.replaceChildren()
        api.initInlineWidget({
          url: schedulerUrl(bookingUrl, new Date(), bookingParams(prefillKey)),
          parentElement: frame.current,
        })
        setState('ready')
      },
      () => {
        if (!cancelled) setState(navigator.onLine === false ? 'offline' : 'failed')
      },
    )
    return () => {
      cancelled = true
    }
  }, [state, bookingUrl, prefillKey])

  // Coming back online while the fallback shows after a failed load: try again by itself.
  useEffect(() => {
    if (loadState !== 'offline') return
    const retry = () => setState('loading')
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [loadState])

  const unavailable = state === 'offline' || state === 'failed'
  return (
    <div className="scheduler">
      <div className="scheduler__box">
        {state === 'loading' && (
          <div className="scheduler__status" role="status">
            <p className="scheduler__status-text">Loading the scheduler...</p>
          </div>
        )}
        {/* Without the calendar, the other ways to book at the top of the box at once. */}
        {unavailable && (
          <div className="scheduler__fallback">
            <p className="scheduler__status-text scheduler__status-text--problem" role="status">
              {state === 'offline'
                ? 'The scheduler needs a connection.'
                : 'The scheduler could not load.'}{' '}
              <button
                type="button"
                className="scheduler__retry"
                onClick={() => setState('loading')}
              >
                Try again
              </button>
            </p>
            <SchedulerWays bookingUrl={bookingUrl} />
            <CallBackForm />
          </div>
        )}
        <div
          ref={frame}
          className={`scheduler__frame${state === 'ready' ? '' : ' scheduler__frame--idle'}`}
        />
      </div>
      <SchedulerDirectLine bookingUrl={bookingUrl} />
    </div>
  )
}
