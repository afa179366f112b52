// @vitest-environment jsdom
// The routes' error boundary (src/app/RouteError.tsx), which replaced the data router's
// errorElement: what a visitor sees when a page throws or its code cannot load, and that
// navigating away (Go Home) renders the routes again.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { lazy, Suspense } from 'react'
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from '../../../src/app/RouteError'

function Broken(): never {
  throw new Error('kaboom')
}

const UnloadablePage = lazy(() =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-x.js')),
)

function app(initialPath: string) {
  return (
    <MemoryRouter initialEntries={[initialPath]}>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading...</p>}>
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/broken" element={<Broken />} />
            <Route path="/offline-page" element={<UnloadablePage />} />
            <Route path="/fine" element={<Link to="/broken">Open broken</Link>} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>
  )
}

beforeEach(() => {
  // React reports caught render errors on the console; the boundary logs them too.
  vi.spyOn(console, 'error').mockImplementation(() => undefined)
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('the route error boundary', () => {
  it('shows "Something went wrong" with Try Again and Go Home when a page throws', () => {
    render(app('/broken'))
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    // It claims nothing about saved data it cannot know about.
    expect(
      screen.getByText('An unexpected error happened while showing this page. Please try again.'),
    ).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/')
  })

  it('says the page needs a connection when its code cannot be loaded', async () => {
    render(app('/offline-page'))
    expect(
      await screen.findByRole('heading', { name: 'This page needs a connection' }),
    ).toBeTruthy()
    expect(
      screen.getByText(
        "This page hasn't been stored on this device yet, and there's no connection to load it. Connect to the internet, then press Try Again.",
      ),
    ).toBeTruthy()
  })

  it('Try Again with no connection says so instead of reloading into the browser offline page', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(app('/offline-page'))
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }))
    expect(
      screen.getByText('Still no connection. Try again once you are back online.'),
    ).toBeTruthy()
    onLine.mockRestore()
  })

  it('renders the routes again after Go Home', () => {
    render(app('/broken'))
    fireEvent.click(screen.getByRole('link', { name: 'Go Home' }))
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy()
    expect(screen.queryByText('Something went wrong')).toBeNull()
  })

  it('catches a page that breaks after a navigation, not only on the first load', () => {
    render(app('/fine'))
    fireEvent.click(screen.getByRole('link', { name: 'Open broken' }))
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
  })
})
