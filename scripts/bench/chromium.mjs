// Debian's Chromium for the benchmark's Lighthouse runs, with the flags of the browser tests
// (scripts/chromium-flags.mjs, where the bench's Playwright launches take theirs; no Playwright or
// Lighthouse browser download): a launch with a DevTools port for Lighthouse. Chromium runs in a process group of its
// own: kill() ends the whole group (its helper processes keep writing to the profile for a moment
// after the main one exits), waits until the group is gone, then removes the profile, and never
// fails the run over cleanup.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CHROMIUM_PATH, DIRECT_CHROMIUM_ARGS } from '../chromium-flags.mjs'
import { freePort } from '../pocketbase.mjs'

export function chromiumAvailable() {
  return existsSync(CHROMIUM_PATH)
}

/** Starts Chromium with a remote-debugging port; resolves once DevTools answers. */
export async function launchChromiumForDevtools() {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'nce-bench-chromium-'))
  const child = spawn(
    CHROMIUM_PATH,
    [
      ...DIRECT_CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  )
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) break
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      signalGroup(child.pid, 'SIGKILL')
      removeProfile(profile)
      throw new Error('Chromium did not open its DevTools port in 20 s')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const kill = async () => {
    signalGroup(child.pid, 'SIGTERM')
    if (!(await groupGone(child.pid, 3000))) {
      signalGroup(child.pid, 'SIGKILL')
      await groupGone(child.pid, 5000)
    }
    removeProfile(profile)
  }
  return { port, kill }
}

/**
 * Sends `signal` to the process group led by `pid`; a group already gone is fine.
 * @param {number | undefined} pid undefined: Chromium never started
 * @param {NodeJS.Signals} signal
 */
function signalGroup(pid, signal) {
  if (pid === undefined) return
  try {
    process.kill(-pid, signal)
  } catch {
    // ESRCH: nothing left to signal
  }
}

/**
 * Resolves true once no process of the group led by `pid` is left, false after `ms`.
 * @param {number | undefined} pid undefined: Chromium never started
 * @param {number} ms
 */
async function groupGone(pid, ms) {
  if (pid === undefined) return true
  const deadline = Date.now() + ms
  for (;;) {
    try {
      process.kill(-pid, 0)
    } catch {
      return true
    }
    if (Date.now() > deadline) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** @param {string} profile */
function removeProfile(profile) {
  try {
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  } catch (err) {
    console.warn(
      `bench: could not remove the Chromium profile ${profile}: ${/** @type {Error} */ (err).message}`,
    )
  }
}
