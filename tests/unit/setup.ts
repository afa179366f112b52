// Every unit test gets a fresh in-memory IndexedDB (fake-indexeddb) where Dexie is used.
import 'fake-indexeddb/auto'
