import { Outlet } from 'react-router-dom'

// Placeholder layout: the marketing-site issue replaces it with the real nav and footer.
export function Layout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Outlet />
    </>
  )
}
