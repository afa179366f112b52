import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

export default defineConfig({
  plugins: [react()],
  test: {
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
          // (SMTP, cron runs, restarts). The three longest wait on the clock itself (a scheduled
          // issue's minute, mail across the minute's seconds): with three files at once a 2-core
          // machine sat a quarter idle through them, and four took the project from 460 to 393 s.
          maxWorkers: 4,
          sequence: { groupOrder: 1 },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
})
