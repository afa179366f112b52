// Settings from the environment, read when they are used (the deployment env file is the
// operator's; nothing is cached across a restart).

/** The variable's value, trimmed ('' when unset). */
export function envText(name: string): string {
  return String($os.getenv(name) || '').trim()
}

/** A number from the environment; `fallback` when unset, not a number, or below `min` (0). */
export function envNumber(name: string, fallback: number, min = 0): number {
  const raw = envText(name)
  const value = Number(raw)
  return raw !== '' && isFinite(value) && value >= min ? value : fallback
}

/** A yes/no switch: 1, true, yes or on (any case) is yes. */
export function envFlag(name: string): boolean {
  return /^(1|true|yes|on)$/i.test(envText(name))
}

/** True when the process is the server (`serve`), not another command on the same data. */
export function isServing(): boolean {
  return $os.args.indexOf('serve') >= 0
}
