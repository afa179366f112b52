// `npm run bench:budget`: builds the site into a temp folder and fails (exit 1) when the
// JavaScript needed to render `/` exceeds 100 KiB gzip or any other route's exceeds 150 KiB, or
// when a script carries a library's development build. What counts is explained in
// scripts/bench/budget.mjs. Deterministic: no server, no browser.
//
//   npm run bench:budget                 build into a temp dir, check, remove it
//   npm run bench:budget -- --dist DIR   check an existing build made with `vite build --manifest`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import {
  budgetFor,
  builtScripts,
  compressedSizes,
  developmentBuilds,
  kib,
  measureBuild,
  overBudget,
} from './bench/budget.mjs'
import { buildSite } from './bench/build.mjs'

/** @param {string[]} argv */
function parseArgs(argv) {
  const i = argv.indexOf('--dist')
  return { dist: i >= 0 ? resolve(argv[i + 1]) : null }
}

/** @param {ReturnType<typeof measureBuild>} measured */
function printTable(measured) {
  const rows = Object.entries(measured).map(([route, m]) => {
    const budget = budgetFor(route)
    return [
      route,
      String(m.files.length),
      kib(m.gzip),
      kib(m.brotli),
      kib(budget),
      m.gzip <= budget ? 'ok' : 'OVER',
    ]
  })
  const head = ['route', 'files', 'gzip KiB', 'brotli KiB', 'budget KiB', '']
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)))
  /** @param {string[]} cells */
  const line = (cells) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  ')
  console.log(line(head))
  for (const row of rows) console.log(line(row))
}

function main() {
  const { dist } = parseArgs(process.argv.slice(2))
  const outDir = dist ?? mkdtempSync(join(tmpdir(), 'nce-budget-'))
  try {
    if (!dist) {
      console.log(`Building the site into ${outDir} ...`)
      buildSite(outDir)
    }
    const measured = measureBuild(outDir)
    console.log('JavaScript needed to render each route (entry + static imports + modulepreloads,')
    console.log('plus the lazy page chunk and its static imports; gzip -9, brotli -q 11):\n')
    printTable(measured)
    const over = overBudget(measured)
    if (over.length > 0) {
      console.error('')
      for (const { route, gzip, budget } of over) {
        console.error(`FAIL ${route}: ${kib(gzip)} KiB gzip is over its ${kib(budget)} KiB budget.`)
        // What it loads, heaviest first, to show where to cut.
        const files = measured[route].files
          .map((file) => ({ file, gzip: compressedSizes(readFileSync(join(outDir, file))).gzip }))
          .sort((a, b) => b.gzip - a.gzip)
        for (const { file, gzip: size } of files)
          console.error(`  ${kib(size).padStart(6)} KiB  ${file}`)
      }
      process.exitCode = 1
    } else {
      console.log('\nEvery route is within its budget.')
    }
    const development = developmentBuilds(builtScripts(outDir))
    for (const { file, library } of development) {
      console.error(`FAIL ${file} carries ${library}'s development build.`)
    }
    if (development.length > 0) process.exitCode = 1
    else console.log('No script carries a development build.')
  } finally {
    if (!dist) rmSync(outDir, { recursive: true, force: true })
  }
}

main()
