/** While the draft is read from IndexedDB (a few milliseconds): no question flashes empty. */
export function AuditLoading() {
  return (
    <main id="main" className="container audit-page">
      <p className="page-loading" role="status">
        Loading your audit...
      </p>
    </main>
  )
}
