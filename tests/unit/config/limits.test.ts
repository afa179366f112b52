// The migrations and src/config/limits.ts must agree: every text field's `max` in the schema
// the migrations build equals the shared limit the forms and the server's input checks use.
// The migrations run here against a small stand-in for PocketBase's migration API that only
// records collections and fields.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { textLimits } from '../../../src/config/limits'

interface FieldSpec {
  name: string
  type: string
  max?: number
  [key: string]: unknown
}

class FakeCollection {
  name: string
  fields: {
    list: FieldSpec[]
    add(field: FieldSpec): void
    getByName(name: string): FieldSpec | undefined
    removeByName(name: string): void
  }
  constructor(init: { name: string; fields?: FieldSpec[] }) {
    // The rules and other options as given (a migration may extend a rule).
    Object.assign(this, init)
    this.name = init.name
    const list = [...(init.fields ?? [])]
    this.fields = {
      list,
      add: (field) => void list.push(field),
      getByName: (name) => list.find((f) => f.name === name),
      removeByName: (name) => void list.splice(list.findIndex((f) => f.name === name) >>> 0, 1),
    }
  }
  // Indexes do not bear on field limits.
  addIndex() {}
  removeIndex() {}
}

const fieldClass = (type: string) =>
  function (this: FieldSpec, init: Omit<FieldSpec, 'type'>) {
    Object.assign(this, init, { type })
  }

/** Applies every migration in pb_migrations/ in order and returns the collections built. */
function schemaFromMigrations(dir: string): Map<string, FakeCollection> {
  const collections = new Map<string, FakeCollection>([
    [
      'users',
      new FakeCollection({
        name: 'users',
        fields: [
          { name: 'email', type: 'email' },
          { name: 'password', type: 'password' },
        ],
      }),
    ],
  ])
  // Settings and anything else a migration touches are accepted and ignored.
  // It reads as '' where a migration builds a string from it (a rule it extends).
  const anything: object = new Proxy(() => anything, {
    get: (_target, key) => (key === Symbol.toPrimitive ? () => '' : anything),
    apply: () => anything,
  })
  // Options a migration sets that the fake does not model (mail templates, token settings).
  const withOptions = (c: FakeCollection | undefined) =>
    c &&
    new Proxy(c, { get: (target, key) => (key in target ? Reflect.get(target, key) : anything) })
  const app = {
    findCollectionByNameOrId: (name: string) => withOptions(collections.get(name)),
    save: (c: unknown) => c instanceof FakeCollection && void collections.set(c.name, c),
    delete: (c: FakeCollection) => void collections.delete(c.name),
    settings: () => anything,
    // Data statements (UPDATE ... SET status = ...) change no schema.
    db: () => anything,
  }
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()
  for (const file of files) {
    let up: ((a: typeof app) => void) | undefined
    runInNewContext(readFileSync(join(dir, file), 'utf8'), {
      migrate: (u: typeof up) => (up = u),
      // A migration may call into the built server (pb_hooks/generated/server.cjs); here that
      // is ignored.
      __hooks: 'pb_hooks',
      require: () => anything,
      Collection: FakeCollection,
      TextField: fieldClass('text'),
      EmailField: fieldClass('email'),
      BoolField: fieldClass('bool'),
      DateField: fieldClass('date'),
      NumberField: fieldClass('number'),
      JSONField: fieldClass('json'),
      SelectField: fieldClass('select'),
      RelationField: fieldClass('relation'),
      // Records a migration seeds (e.g. a generated secret) are not schema.
      Record: class {
        set() {}
      },
      $security: anything,
      // Data a migration reads to backfill rows: there is none here.
      arrayOf: () => [],
      DynamicModel: class {},
      FileField: fieldClass('file'),
    })
    up?.(app)
  }
  return collections
}

/** Text fields with a `max`, as { collection: { field: max } }. */
function schemaTextMaxima(collections: Map<string, FakeCollection>) {
  const maxima: Record<string, Record<string, number>> = {}
  for (const [name, collection] of collections) {
    for (const field of collection.fields.list) {
      if (field.type === 'text' && typeof field.max === 'number') {
        ;(maxima[name] ??= {})[field.name] = field.max
      }
    }
  }
  return maxima
}

const migrationsDir = join(import.meta.dirname, '../../../pb_migrations')

describe('field limits: one source, the same in the schema', () => {
  const maxima = schemaTextMaxima(schemaFromMigrations(migrationsDir))
  const cases = Object.entries(textLimits).flatMap(([collection, fields]) =>
    Object.entries(fields).map(([field, max]) => [collection, field, max] as const),
  )

  it.each(cases)('%s.%s: the schema allows at most the shared %i', (collection, field, max) => {
    const inSchema = maxima[collection]?.[field]
    // Fields the schema stores as another type (email, select, date, relation) have no text max.
    if (inSchema !== undefined) expect(inSchema).toBe(max)
  })

  it('every visitor-writable text field with a max in the schema has a shared limit', () => {
    for (const collection of Object.keys(textLimits)) {
      const limits = textLimits[collection as keyof typeof textLimits] as Record<string, number>
      for (const [field, max] of Object.entries(maxima[collection] ?? {})) {
        expect({ collection, field, max }).toEqual({ collection, field, max: limits[field] })
      }
    }
  })

  it('reads the schema it checks (the stand-in really ran the migrations)', () => {
    expect(maxima.contacts).toMatchObject({ name: 200, message: 5000 })
    expect(maxima.users).toMatchObject({ fullName: 200 })
  })
})
