import { describe, expect, it } from 'vitest'
import { importOnce } from '../../../src/components/import-once'

describe('importOnce', () => {
  it('fetches once and shares the module among callers', async () => {
    let fetches = 0
    const load = importOnce(() => {
      fetches += 1
      return Promise.resolve({ value: 42 })
    })
    const [a, b] = await Promise.all([load(), load()])
    expect(await load()).toBe(a)
    expect(b).toBe(a)
    expect(fetches).toBe(1)
  })

  it('forgets a failed fetch, so the next call tries again', async () => {
    let fetches = 0
    const load = importOnce(() => {
      fetches += 1
      return fetches === 1
        ? Promise.reject(new Error('Failed to fetch dynamically imported module'))
        : Promise.resolve({ value: 42 })
    })
    await expect(load()).rejects.toThrow('Failed to fetch')
    expect(load.loaded).toBeUndefined()
    await expect(load()).resolves.toEqual({ value: 42 })
    expect(fetches).toBe(2)
  })

  it('gives the module once loaded, and nothing before', async () => {
    const module = { value: 42 }
    let arrive: (m: typeof module) => void = () => undefined
    const load = importOnce(() => new Promise<typeof module>((resolve) => (arrive = resolve)))
    expect(load.loaded).toBeUndefined()
    const pending = load()
    expect(load.loaded).toBeUndefined()
    arrive(module)
    await pending
    expect(load.loaded).toBe(module)
  })
})
