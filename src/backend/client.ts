// Owns the one PocketBase SDK client of the app. Imported lazily by the features that talk
// to the server, so the home page renders without the SDK.
import PocketBase from 'pocketbase'

/** Same origin in production (PocketBase serves the site) and in dev (Vite proxies /api). */
const baseUrl =
  import.meta.env.VITE_PB_URL ||
  (typeof window !== 'undefined' ? window.location.origin : 'http://127.0.0.1:8090')

export const pb = new PocketBase(baseUrl)
// The outbox and the dashboard issue parallel requests; never let the SDK cancel one.
pb.autoCancellation(false)
