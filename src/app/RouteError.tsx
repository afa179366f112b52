import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom'
import { paths } from './paths'

/** Shown when a route throws or its code cannot be loaded (e.g. offline before caching). */
export function RouteError() {
  const error = useRouteError()
  const chunkFailed = error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message)
  return (
    <main className="container narrow" id="main">
      <h1>Something went wrong</h1>
      <p>
        {chunkFailed
          ? 'This page could not be loaded. Please check your connection and try again.'
          : isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : 'An unexpected error happened. Your saved answers and messages are safe on this device.'}
      </p>
      <p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try Again
        </button>{' '}
        <Link to={paths.home}>Go Home</Link>
      </p>
    </main>
  )
}
