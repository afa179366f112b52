// Placeholder page: its own issue replaces it.
export default function Page() {
  return (
    <main className="container narrow" id="main">
      <h1>Privacy Policy</h1>
    </main>
  )
}
