// Saves a CSV export in the browser: a Blob and a temporary <a download>, removed at once.
export function downloadCsv(fileName: string, csv: string) {
  // The byte-order mark makes Excel read the file as UTF-8 (names with accents, emoji).
  const blob = new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoke on a later task: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
