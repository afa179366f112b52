import { Component } from 'react'
import type { ErrorInfo, ReactNode } from 'react'
import { Link, useLocation } from 'react-router-dom'
import { paths } from '../config/paths'

/** Shown when a route throws or its code cannot be loaded (e.g. offline before caching). */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  return (
    <main className="container narrow" id="main">
      <h1>Something went wrong</h1>
      <p>
        {chunkFailed
          ? 'This page could not be loaded. Please check your connection and try again.'
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
