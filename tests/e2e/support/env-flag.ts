// The browser tests' switches (E2E_TRACE, E2E_SCREENSHOTS, E2E_LATE_APP): on when set to anything
// but empty or "0", so `E2E_TRACE=0` means off, as a reader expects.

export function envFlag(name: string, env: NodeJS.ProcessEnv = process.env): boolean {
  const value = env[name]
  return Boolean(value && value !== '0')
}
