// Newsletter sign-ups are answered at once and decided later, outside any request
// (pb_hooks/newsletter.pb.js, server/newsletter/signups.ts): a test makes the waiting decisions
// now, as the cron job would.
export async function decideSignUps(url: string, superuserToken: string): Promise<number> {
  const res = await fetch(`${url}/api/newsletter/signups/run`, {
    method: 'POST',
    headers: { authorization: superuserToken },
  })
  if (!res.ok) throw new Error(`deciding sign-ups failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { decided: number }).decided
}
