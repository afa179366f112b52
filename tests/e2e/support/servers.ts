// Which server a browser-test worker talks to. tests/e2e/global-setup.ts starts one server per
// worker and lists them in E2E_SERVERS; playwright.config.ts, which every worker process loads
// before any spec, calls pointAtWorkerServer() so that E2E_BASE_URL, E2E_PB_DATA and E2E_MAIL_DIR
// (what the helpers of this folder read) name the worker's own. One test at a time per server:
// no test sees another worker's people, audits, mail, webhook events or settings.

export interface E2EServer {
  url: string
  /** PocketBase's data dir (`npm run admin` works on it). */
  dataDir: string
  /** Where the server's SMTP receiver files each message (support/mailbox.ts). */
  mailDir: string
}

/** The servers global-setup.ts started, by worker (parallel index). */
export function e2eServers(env: NodeJS.ProcessEnv = process.env): E2EServer[] {
  return env.E2E_SERVERS ? (JSON.parse(env.E2E_SERVERS) as E2EServer[]) : []
}

/**
 * In a worker process (Playwright sets TEST_PARALLEL_INDEX, 0 to workers - 1, kept by a worker
 * that replaces a crashed one), points E2E_BASE_URL, E2E_PB_DATA and E2E_MAIL_DIR at that
 * worker's server. Elsewhere (the runner, global setup) it does nothing.
 */
export function pointAtWorkerServer(env: NodeJS.ProcessEnv = process.env): void {
  const index = env.TEST_PARALLEL_INDEX
  const servers = e2eServers(env)
  if (index === undefined || servers.length === 0) return
  const server = servers[Number(index)]
  if (!server) {
    throw new Error(`no browser-test server for worker ${index} (${servers.length} started)`)
  }
  env.E2E_BASE_URL = server.url
  env.E2E_PB_DATA = server.dataDir
  env.E2E_MAIL_DIR = server.mailDir
}
