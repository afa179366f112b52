// Placeholder page: its own issue replaces it.
export default function Page() {
  return (
    <main className="container narrow" id="main">
      <h1>A Free 5-Minute Business Efficiency Audit</h1>
    </main>
  )
}
