// Placeholder page: its own issue replaces it.
export default function Page() {
  return (
    <main className="container narrow" id="main">
      <h1>Get In Touch</h1>
    </main>
  )
}
