// PocketBase's JS engine provides `console` (its output goes to the server log); its generated
// declarations (.pb-types/types.d.ts) do not list it.
declare const console: {
  log(...args: unknown[]): void
  info(...args: unknown[]): void
  warn(...args: unknown[]): void
  error(...args: unknown[]): void
  debug(...args: unknown[]): void
}
