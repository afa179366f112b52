// Loads the scheduling provider's widget script (site.booking.scriptUrl) when a visitor asks
// for the scheduler, never on first paint. One script per page; a load that fails or takes
// longer than the timeout is removed so the next attempt starts clean.

export interface SchedulerApi {
  initInlineWidget(options: { url: string; parentElement: HTMLElement }): void
}

declare global {
  interface Window {
    Calendly?: SchedulerApi
  }
}

/** How long a visitor waits before being offered the booking link and e-mail instead. */
export const SCHEDULER_TIMEOUT_MS = 8000

let loading: Promise<SchedulerApi> | null = null

export function loadSchedulerScript(
  src: string,
  timeoutMs = SCHEDULER_TIMEOUT_MS,
): Promise<SchedulerApi> {
  if (window.Calendly) return Promise.resolve(window.Calendly)
  if (loading) return loading
  loading = new Promise<SchedulerApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    const fail = (reason: string) => {
      clearTimeout(timer)
      script.remove()
      loading = null
      reject(new Error(`The scheduler script did not load: ${reason}`))
    }
    const timer = setTimeout(() => fail('timed out'), timeoutMs)
    script.onload = () => {
      clearTimeout(timer)
      if (window.Calendly) resolve(window.Calendly)
      else fail('no widget API')
    }
    script.onerror = () => fail('network error')
    document.head.append(script)
  })
  return loading
}

/** What the scheduler's booking form is filled in with, and where the booking came from. */
export interface SchedulerPrefill {
  name?: string
  email?: string
  /** The audit whose report offers the scheduler (never sent to it): its booking is that person's. */
  reportAudit?: string
  utmSource?: string
  utmMedium?: string
  utmCampaign?: string
}

/**
 * The booking page in month view for the current month, without the provider's cookie banner;
 * with `prefill`, the visitor's name and e-mail filled in and the campaign as UTM parameters.
 */
export function schedulerUrl(
  bookingUrl: string,
  now: Date,
  prefill: SchedulerPrefill = {},
): string {
  const url = new URL(bookingUrl)
  const params: [string, string | undefined][] = [
    ['name', prefill.name],
    ['email', prefill.email],
    ['utm_source', prefill.utmSource],
    ['utm_medium', prefill.utmMedium],
    ['utm_campaign', prefill.utmCampaign],
  ]
  for (const [key, value] of params) if (value?.trim()) url.searchParams.set(key, value.trim())
  url.searchParams.set('hide_gdpr_banner', '1')
  url.searchParams.set(
    'month',
    `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`,
  )
  return url.toString()
}
