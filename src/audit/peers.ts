// The peer benchmark's sentence, on the report and in the follow-up mails.

/** The report's sentence for `percent` (see higherThanPercent in src/config/peer-percent.ts). */
export function peerSentence(percent: number): string {
  return `You scored higher than ${percent}% of businesses that took this audit.`
}
