// Debian's Chromium for the benchmark, with the flags of playwright.config.ts (no Playwright or
// Lighthouse browser download): the path, the flags, and a launch with a DevTools port for
// Lighthouse. The process is ours: kill() ends exactly it.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from '../pocketbase.mjs'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

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
      ...CHROMIUM_ARGS,
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
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
      child.kill('SIGKILL')
      throw new Error('Chromium did not open its DevTools port in 20 s')
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  const kill = () =>
    new Promise((resolve) => {
      const cleanup = () => {
        rmSync(profile, { recursive: true, force: true })
        resolve()
      }
      if (child.exitCode !== null || child.signalCode !== null) return cleanup()
      child.once('exit', cleanup)
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  return { port, kill }
}
