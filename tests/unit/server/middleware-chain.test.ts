// The middlewares as chains (server/platform/middleware.ts): one PocketBase middleware runs its
// steps in order, each step's `next` is the following one and the last one's is `e.next()`.
import { describe, expect, it } from 'vitest'
import { chain } from '../../../server/platform/middleware'
import type { Step } from '../../../server/platform/middleware'

type Event = { next(): void }

function event(log: string[]): Event {
  return { next: () => void log.push('pocketbase') }
}

const step =
  (name: string, log: string[]): Step<Event> =>
  (_e, next) => {
    log.push(`${name} in`)
    next()
    log.push(`${name} out`)
  }

describe('a chain of middleware steps', () => {
  it('runs the steps in order around the rest of PocketBase chain', () => {
    const log: string[] = []
    chain(event(log), [step('a', log), step('b', log)])
    expect(log).toEqual(['a in', 'b in', 'pocketbase', 'b out', 'a out'])
  })

  it('ends where a step answers without calling next', () => {
    const log: string[] = []
    const answer: Step<Event> = () => void log.push('answered')
    chain(event(log), [step('a', log), answer, step('c', log)])
    expect(log).toEqual(['a in', 'answered', 'a out'])
  })

  it('lets an error of an inner step reach the outer ones', () => {
    const log: string[] = []
    const refuse: Step<Event> = () => {
      throw new Error('413')
    }
    const outer: Step<Event> = (_e, next) => {
      try {
        next()
      } catch (err) {
        log.push(`caught ${String((err as Error).message)}`)
        throw err
      }
    }
    expect(() => chain(event(log), [outer, refuse])).toThrow('413')
    expect(log).toEqual(['caught 413'])
  })

  it('with no steps is just the rest of the chain', () => {
    const log: string[] = []
    chain(event(log), [])
    expect(log).toEqual(['pocketbase'])
  })
})
