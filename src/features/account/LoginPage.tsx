// Placeholder page: its own issue replaces it.
export default function Page() {
  return (
    <main className="container narrow" id="main">
      <h1>Sign In</h1>
    </main>
  )
}
