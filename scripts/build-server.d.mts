// Types of build-server.mjs for the tests that build the server themselves.
export declare const serverEntry: string
export declare const generatedDir: string
export declare function unsupportedSyntax(code: string): string[]
export declare function buildServer(options?: {
  /** Where the files go (default pb_hooks/generated/). */
  outdir?: string
  /** A door in server/main.ts's form (default: server/main.ts itself). */
  source?: string
  /** Areas of a test's own: the name its door imports ('./NAME/index') -> the module. */
  extraAreas?: Record<string, string>
}): Promise<void>
/**
 * Notes in `target` what its server was built from (each file with a digest of its content);
 * nothing when one of them was saved at or after `startedAt` (the build's start).
 */
export declare function writeSources(target: string, inputs: string[], startedAt?: number): void
/** True when `target` holds a whole build made from the very files there now. */
export declare function builtFromTheSame(target: string): boolean
