// Where a visit came from, as the funnel records it: never a full referrer URL, never anything
// about the person. Every page loads this (the visit is recorded on the first one), so it stays
// tiny; the rest of the workspace's facts are in leads.ts.

export const FIRST_TOUCH_FIELDS = [
  'path',
  'referrer',
  'utmSource',
  'utmMedium',
  'utmCampaign',
] as const
export type FirstTouchField = (typeof FIRST_TOUCH_FIELDS)[number]
export type FirstTouch = Partial<Record<FirstTouchField, string>>

/** Each first-touch / event text field's longest value. */
export const FIRST_TOUCH_MAX = {
  path: 200,
  referrer: 100,
  utmSource: 100,
  utmMedium: 100,
  utmCampaign: 100,
}
