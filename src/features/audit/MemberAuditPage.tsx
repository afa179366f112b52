// Placeholder page: its own issue replaces it.
export default function Page() {
  return (
    <main className="container narrow" id="main">
      <h1>Business Efficiency Audit</h1>
    </main>
  )
}
