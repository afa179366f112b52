// Types for scripts/bench/budget.mjs (used from the TypeScript unit tests).
export interface ManifestChunk {
  file: string
  src?: string
  name?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
export type Manifest = Record<string, ManifestChunk>

export interface Sizes {
  raw: number
  gzip: number
  brotli: number
}
export interface RouteMeasure extends Sizes {
  files: string[]
}
export interface Route {
  path: string
  page: string | null
}

export const KIB: number
export const BUDGET_KIB: { home: number; route: number }
export const ROUTES: Route[]

export function htmlScripts(indexHtml: string): string[]
export function staticClosure(manifest: Manifest, keys: string[]): Set<string>
export function entryFiles(manifest: Manifest, indexHtml: string): string[]
export function routeFiles(
  manifest: Manifest,
  indexHtml: string,
  routes?: Route[],
): Record<string, string[]>
export function compressedSizes(bytes: Uint8Array): Sizes
export function measureRoutes(
  filesByRoute: Record<string, string[]>,
  sizeOf: (file: string) => Sizes,
): Record<string, RouteMeasure>
export function budgetFor(route: string, budgets?: { home: number; route: number }): number
export function overBudget(
  measured: Record<string, { gzip: number }>,
  budgets?: { home: number; route: number },
): { route: string; gzip: number; budget: number }[]
export function readBuild(distDir: string): { manifest: Manifest; indexHtml: string }
export function measureBuild(distDir: string, routes?: Route[]): Record<string, RouteMeasure>
export function precacheEntries(distDir: string): { url: string; bytes: number }[]
export interface DevelopmentMarker {
  library: string
  text: string
}
export interface BuiltScript {
  file: string
  text: string
}
export const DEVELOPMENT_MARKERS: DevelopmentMarker[]
export function developmentBuilds(
  scripts: BuiltScript[],
  markers?: DevelopmentMarker[],
): { file: string; library: string }[]
export function builtScripts(distDir: string): BuiltScript[]
export function kib(bytes: number): string
