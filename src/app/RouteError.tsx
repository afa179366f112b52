import { Component, useState } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { paths } from '../config/paths'

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Failed to fetch|Unable to preload CSS/i.test(
      error.message,
    )
  )
}

/**
 * Shown inside the layout when a page throws or its code cannot be loaded (offline before the
 * app was stored on this device). It claims nothing about saved data it cannot know about.
 */
export function RouteError({ error }: { error: unknown }) {
  const [stillOffline, setStillOffline] = useState(false)
  const chunkFailed = isChunkLoadError(error)
  // A failed module load stays failed for the page's lifetime: only a reload tries again, and
  // reloading with no connection would leave the app for the browser's offline page.
  const retry = () => {
    if (navigator.onLine === false) setStillOffline(true)
    else window.location.reload()
  }
  return (
    <main className="container narrow route-error" id="main">
      <h1>{chunkFailed ? 'This page needs a connection' : 'Something went wrong'}</h1>
      <p>
        {chunkFailed
          ? "This page hasn't been stored on this device yet, and there's no connection to load it. Connect to the internet, then press Try Again."
          : 'An unexpected error happened while showing this page. Please try again.'}
      </p>
      {stillOffline && (
        <p role="status">Still no connection. Try again once you are back online.</p>
      )}
      <p>
        <button type="button" className="btn btn-primary" onClick={retry}>
          Try Again
        </button>{' '}
        <Link to={paths.home}>Go Home</Link>
      </p>
    </main>
  )
}

interface BoundaryProps {
  /** A new value (the next navigation) clears a caught error and renders the routes again. */
  resetKey: string
  children: ReactNode
}

interface BoundaryState {
  error: unknown
  failedAt: string | null
}

/**
 * The routes' error boundary: the declarative router has no `errorElement` (that belongs to
 * the heavier data router), so a thrown render error or a lazy page that fails to load lands
 * here. Navigating anywhere (e.g. "Go Home") tries again.
 */
class RouteErrorBoundaryInner extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { error: null, failedAt: null }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') }
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    if (state.error === null) return null
    if (state.failedAt === null) return { failedAt: props.resetKey }
    return state.failedAt === props.resetKey ? null : { error: null, failedAt: null }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Route failed to render', error, info.componentStack)
  }

  render() {
    if (this.state.error !== null) return <RouteError error={this.state.error} />
    return this.props.children
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation()
  return <RouteErrorBoundaryInner resetKey={key}>{children}</RouteErrorBoundaryInner>
}
