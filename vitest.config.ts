import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import LongestFirst from './tests/integration/sequencer.ts'

export default defineConfig({
  plugins: [react()],
  test: {
    // The longest integration files start first (tests/integration/sequencer.ts).
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/unit/setup.ts'],
          // A hang guard above the 10 s that findBy* and waitFor wait (tests/unit/setup.ts), so a
          // stalled wait on a busy host is reported by what it waited for, not as a timeout.
          testTimeout: 30_000,
          // The unit tests first, then the integration tests with their own number of workers.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          // Each file runs its own PocketBase on a free loopback port and mostly waits on it
          // (SMTP, cron runs, restarts); two of the three longest wait on the clock itself (a
          // scheduled issue's minute, mail tried across the minute's seconds). With three files at
          // once a 2-core machine sat about a fifth idle; four took the project from 439-460 s to
          // 393-396 s here (two runs each).
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
