// MAIL_FROM as PocketBase accepts it (server/mail/sender-address.ts): one plain line naming the
// variable for any other, and every example the docs give is one that works.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAIL_FROM_EXAMPLE, mailFromProblem } from '../../../server/mail/sender-address'

const root = join(__dirname, '../../..')

describe('mailFromProblem', () => {
  it.each([
    'audit@localhost',
    'audit',
    'North Country <audit@example.com>',
    '"Alex" audit@example.com',
    'audit@example',
    'audit@example.c0m1',
    'audit@-example.com',
    'audit@example..com',
    '.audit@example.com',
    'au dit@example.com',
    'audit@exa_mple.com',
    `${'a'.repeat(250)}@example.com`,
    'audit@example.com\nBcc: x@y.z',
  ])('refuses %j in one line naming MAIL_FROM, with a working example', (address) => {
    const problem = mailFromProblem(address)
    expect(problem).toContain('MAIL_FROM=')
    expect(problem).toContain(`MAIL_FROM=${MAIL_FROM_EXAMPLE}`)
    expect(problem.split('\n')).toHaveLength(1)
  })

  it.each([
    'audit@example.com',
    ' audit@example.com ',
    'tips@north-country.test',
    "first.o'neil+tips_2@mail.north-country.test",
    'site@bench.local',
    '',
    undefined,
  ])('accepts %j', (address) => {
    expect(mailFromProblem(address)).toBe('')
  })
})

/** Every markdown page of the docs, the README and the deployment's example env file. */
function documents(): string[] {
  const docs = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? docs(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : [],
    )
  return ['README.md', 'deploy/north-country.env.example', ...docs('docs')]
}

describe('the docs', () => {
  it('give only MAIL_FROM examples that a start accepts', () => {
    const examples = documents().flatMap((file) =>
      [...readFileSync(join(root, file), 'utf8').matchAll(/\bMAIL_FROM=([^\s`'")]+)/g)].map(
        (match) => [file, match[1]] as const,
      ),
    )
    expect(examples.length).toBeGreaterThan(0)
    for (const [file, address] of examples) {
      // A placeholder in prose (MAIL_FROM=...) is not an example.
      if (/^\.\.\.|^</.test(address)) continue
      expect(mailFromProblem(address), `${file}: MAIL_FROM=${address}`).toBe('')
    }
  })
})
