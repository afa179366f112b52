import { site } from '../../config/site'

/** The review's heading from its length: "90 minutes" -> "90-minute Efficiency Review". */
export function reviewTitle(duration: string): string {
  return `${duration.replace(/ minutes$/, '')}-minute ${site.efficiencyReviewName}`
}
