// The webhook channel's HTTP POST. Not $http.send: it follows redirects (Go's default client,
// up to 10, so a receiver could bounce a request to an internal address), reads the whole answer
// into memory, and resolves the host itself after any check we make. Instead each request is one
// curl process, all of a batch at once (a receiver that hangs costs its own 10 seconds, not
// everyone's), and:
//   - it connects only to the address the guard checked (--connect-to), never resolving again;
//   - it follows no redirect (a 3xx is a failed attempt, logged with where it pointed);
//   - it stops after WEBHOOK_TIMEOUT_SECONDS, connection and TLS included;
//   - at most WEBHOOK_RESPONSE_READ_BYTES of the answer are read (`head -c` closes the pipe);
//   - the body is passed in a file readable by this process only, not on the command line, and
//     curl gets no environment but PATH (no proxy, no .curlrc).
//   - every process of a request dies with the server (setpriv --pdeathsig, and a check of its
//     parent where the signal came too late): a server killed mid-send leaves no curl behind to
//     deliver a row the restarted server sends again.
// Needs curl, sh, head, setpriv and getent (Debian: curl, dash, coreutils, util-linux, libc-bin).
import { ID_ALPHABET } from '../platform/ids'
import {
  WEBHOOK_RESPONSE_LOG_CHARS,
  WEBHOOK_RESPONSE_READ_BYTES,
  WEBHOOK_TIMEOUT_SECONDS,
} from '../../src/config/webhooks'
import { checkDestination } from './guard'

const USER_AGENT = 'NorthCountry-Webhooks/1.0'
// $1: the server's process id, $2: where the answer goes, $3: where curl's report goes; the rest
// are curl's arguments. The shell is started under setpriv too, so curl and head are its own
// children (no subshell between) and die when it does; curl reports its exit code itself
// (--write-out). setpriv arms the signal after the fork: a parent killed in between leaves the
// child running (a server killed mid-spawn once delivered a row the restarted server sent again).
// So each level that leads to curl checks, once the signal is armed (a shell reads $PPID when it
// starts), that its parent is still the one that started it: the shell the server, and curl's
// own shell (exec'd into curl) that shell.
const DIE_WITH_PARENT = ['setpriv', '--pdeathsig', 'KILL'] as const
const SCRIPT =
  'pb=$1; out=$2; err=$3; shift 3; [ "$PPID" = "$pb" ] || exit 1; ' +
  `${DIE_WITH_PARENT.join(' ')} sh -c '[ "$PPID" = "$0" ] && exec curl "$@"' "$$" "$@" 2>"$err" | ` +
  `${DIE_WITH_PARENT.join(' ')} head -c ${WEBHOOK_RESPONSE_READ_BYTES} >"$out"`

export interface WebhookRequest {
  url: string
  /** Text, or bytes (a Web Push message's encrypted body). */
  body: string | Uint8Array
  headers: Record<string, string>
  /** Default application/json. */
  contentType?: string
  /** Private and loopback addresses allowed (default: WEBHOOKS_ALLOW_PRIVATE). */
  allowPrivate?: boolean
}

export interface WebhookResult {
  ok: boolean
  statusCode: number
  durationMs: number
  response: string
  error: string
  /** The guard refused the address: nothing was connected to. */
  refused: boolean
  /** The refusal can never change (the URL itself is not allowed). */
  permanent: boolean
}

function result(fields: Partial<WebhookResult>): WebhookResult {
  return Object.assign(
    {
      ok: false,
      statusCode: 0,
      durationMs: 0,
      response: '',
      error: '',
      refused: false,
      permanent: false,
    },
    fields,
  )
}

/** The environment curl runs with. */
function childEnv(): string[] {
  const env = [`PATH=${$os.getenv('PATH') || '/usr/local/bin:/usr/bin:/bin'}`, 'LC_ALL=C']
  for (const name of ['SSL_CERT_FILE', 'SSL_CERT_DIR', 'CURL_CA_BUNDLE']) {
    const value = $os.getenv(name)
    if (value) env.push(`${name}=${value}`)
  }
  return env
}

/** One line, no control characters. */
function printable(text: string): string {
  return String(text || '')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '?')
    .trim()
}

/** This process's id, which the request's shell checks is still its parent (no $os.getpid). */
function serverPid(): string {
  return readText('/proc/self/stat').split(' ')[0]
}

function readText(path: string): string {
  try {
    return toString($os.readFile(path))
  } catch {
    return ''
  }
}

/** A file mode as Go's os functions take it. */
function fileMode(mode: number): os.FileMode {
  return mode as unknown as os.FileMode
}

/**
 * What curl reported for one request, read from its report file; `answer` is the start of the
 * answer's body, `elapsedMs` the wall time, for when curl could not say.
 */
function outcomeOf(report: string, answer: string, elapsedMs: number): WebhookResult {
  const lines = report.split('\n')
  let statusCode = 0
  let seconds = -1
  let redirect = ''
  let exit = -1
  const messages: string[] = []
  for (const line of lines) {
    const info = /^@@code:(\d{3}) time:([0-9.]+) exit:(\d+) redirect:(.*)$/.exec(line)
    if (info) {
      statusCode = Number(info[1])
      seconds = Number(info[2])
      exit = Number(info[3])
      redirect = info[4]
    } else if (line.indexOf('curl: ') === 0) {
      messages.push(line.slice(6))
    }
  }
  const durationMs = seconds >= 0 ? Math.round(seconds * 1000) : elapsedMs
  const response = printable(answer).slice(0, WEBHOOK_RESPONSE_LOG_CHARS)
  if (exit === 127 || (exit === -1 && statusCode === 0 && !messages.length)) {
    return result({ durationMs, error: 'curl is not installed on the server.' })
  }
  if (statusCode >= 200 && statusCode < 300) {
    // The receiver said yes within the time; an answer cut short or too long changes nothing.
    return result({ ok: true, statusCode, durationMs, response })
  }
  let error = ''
  if (statusCode >= 300 && statusCode < 400) {
    error = `HTTP ${statusCode}: a redirect${redirect ? ` to ${printable(redirect).slice(0, 200)}` : ''}, not followed. Use the final URL.`
  } else if (statusCode > 0) {
    error = `HTTP ${statusCode}`
  } else if (exit === 28) {
    error = `No answer within ${WEBHOOK_TIMEOUT_SECONDS} seconds.`
  } else {
    error = printable(messages.join(' ')) || `The request failed (curl exit ${exit}).`
  }
  return result({ statusCode, durationMs, response, error: error.slice(0, 500) })
}

/** curl's arguments for one request to the checked address (the body is in `bodyFile`). */
function curlArgs(
  request: WebhookRequest,
  destination: { url: string; scheme: string; address: string; port: number },
  bodyFile: string,
): string[] {
  const target =
    destination.address.indexOf(':') >= 0 ? `[${destination.address}]` : destination.address
  const args = [
    '-q',
    '--silent',
    '--show-error',
    '--globoff',
    '--noproxy',
    '*',
    '--proto',
    destination.scheme === 'https' ? '=https' : '=http,https',
    '--max-time',
    String(WEBHOOK_TIMEOUT_SECONDS),
    '--max-redirs',
    '0',
    '--connect-to',
    `::${target}:${destination.port}`,
    '--data-binary',
    `@${bodyFile}`,
    '-H',
    `Content-Type: ${request.contentType || 'application/json'}`,
    '-H',
    'Expect:',
    '-H',
    `User-Agent: ${USER_AGENT}`,
    '--write-out',
    '%{stderr}@@code:%{http_code} time:%{time_total} exit:%{exitcode} redirect:%{redirect_url}\\n',
  ]
  for (const name of Object.keys(request.headers)) {
    args.push('-H', `${name}: ${printable(request.headers[name])}`)
  }
  args.push(destination.url)
  return args
}

/**
 * Posts every request at once and waits for all of them (at most about
 * WEBHOOK_TIMEOUT_SECONDS). Each URL goes through the guard first: a refused one is not
 * connected to at all. Results come back in the order of `requests`.
 */
export function postAll(requests: WebhookRequest[]): WebhookResult[] {
  const results: WebhookResult[] = []
  if (requests.length === 0) return results
  const dir = `${$os.tempDir()}/webhooks-${$security.randomStringWithAlphabet(12, ID_ALPHABET)}`
  $os.mkdirAll(dir, fileMode(0o700))
  const resolved: Record<string, string[]> = {}
  const running: Array<{ index: number; cmd: exec.Cmd; started: number }> = []
  const pid = serverPid()
  try {
    requests.forEach((request, index) => {
      const destination = checkDestination(request.url, resolved, request.allowPrivate)
      if (!destination.ok) {
        results[index] = result({
          refused: true,
          permanent: destination.permanent,
          error: destination.reason,
        })
        return
      }
      const bodyFile = `${dir}/${index}.body`
      $os.writeFile(
        bodyFile,
        // An ArrayBuffer reaches Go as the bytes themselves.
        typeof request.body === 'string'
          ? request.body
          : (request.body.slice().buffer as unknown as number[]),
        fileMode(0o600),
      )
      const cmd = $os.cmd(
        ...DIE_WITH_PARENT,
        'sh',
        '-c',
        SCRIPT,
        'sh',
        pid,
        `${dir}/${index}.out`,
        `${dir}/${index}.err`,
        ...curlArgs(request, destination, bodyFile),
      )
      cmd.env = childEnv()
      try {
        cmd.start()
        running.push({ index, cmd, started: Date.now() })
      } catch (err) {
        results[index] = result({ error: `Could not start curl: ${String(err).slice(0, 200)}` })
      }
    })
    for (const job of running) {
      try {
        job.cmd.wait()
      } catch {
        // the report file says what happened
      }
      results[job.index] = outcomeOf(
        readText(`${dir}/${job.index}.err`),
        readText(`${dir}/${job.index}.out`),
        Date.now() - job.started,
      )
    }
  } finally {
    try {
      $os.removeAll(dir)
    } catch {
      // a temporary directory left behind is not worth failing a run for
    }
  }
  return results
}
