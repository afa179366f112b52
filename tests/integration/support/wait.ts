// One way for the integration tests to wait for something that happens on its own time (a
// delivery, a mail, a window of the rate limit): poll, and past the deadline fail saying what
// was awaited and what was seen.

/**
 * Polls `check` every `intervalMs` until it holds; past `timeoutMs`, throws naming `what` (a
 * function is read at that moment, so it can tell what had arrived).
 */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: string | (() => string),
  intervalMs = 100,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) {
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
