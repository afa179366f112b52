// What a benchmark reads of a server process from /proc: its resident memory, the CPU time it has
// used, and the PocketBase process under `npm start`.
import { readFileSync, readdirSync } from 'node:fs'

/** Clock ticks per second of /proc/PID/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100

/**
 * The resident memory (MB) of a process.
 * @param {number | undefined} pid
 */
export function residentMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0)
  return kb / 1024
}

/**
 * The CPU time (ms, user + system, all threads) a process has used so far.
 * @param {number} pid
 */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime: fields 14 and 15 of stat(5), 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}

/**
 * The PocketBase process `npm start` (pid `parent`) runs.
 * @param {number | undefined} parent
 */
export function pocketBasePid(parent) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      if (Number(fields[1]) === parent && name.startsWith('pocketbase')) return Number(entry)
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error(`no PocketBase process under ${parent}`)
}

const PAGE_BYTES = 4096

/**
 * What this machine charges for fresh memory: the system CPU time (µs) of a first touch of one
 * 4 KiB page, the best of three rounds of 256 MiB. A browser starts every page in fresh memory
 * (a new renderer, its heaps), so where the kernel or the hypervisor under it makes each page
 * fault dear, every page load is slower whatever the page does: Lighthouse counts that time as
 * main-thread work ("other") with no script to blame.
 */
export function freshMemoryMicrosPerPage() {
  const bytes = 256 * 1024 * 1024
  let best = Infinity
  for (let round = 0; round < 3; round++) {
    const before = process.cpuUsage()
    // Filled with ones: every page is written, so each one is faulted in.
    Buffer.allocUnsafeSlow(bytes).fill(1)
    best = Math.min(best, process.cpuUsage(before).system / (bytes / PAGE_BYTES))
  }
  return best
}
