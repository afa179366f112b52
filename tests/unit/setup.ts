// Every unit test gets a fresh in-memory IndexedDB (fake-indexeddb) where Dexie is used.
import 'fake-indexeddb/auto'
import { configure } from '@testing-library/dom'

// findBy* and waitFor wait for what a screen shows next. The first render of a lazily loaded
// screen includes transforming its module, which on a busy two-core CI host took longer than the
// default second: a hang guard, not a speed goal.
configure({ asyncUtilTimeout: 10_000 })
