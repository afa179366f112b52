// A strict RFC 4180 reader for tests: CRLF rows, quoted fields with doubled quotes. It throws
// on anything a conforming writer would not produce, so a round trip proves the writer.
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let i = 0
  while (i < text.length) {
    let field = ''
    if (text[i] === '"') {
      i += 1
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field')
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"'
            i += 2
            continue
          }
          i += 1
          break
        }
        field += text[i]
        i += 1
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') throw new Error(`bare quote in unquoted field at ${i}`)
        field += text[i]
        i += 1
      }
    }
    row.push(field)
    if (text[i] === ',') {
      i += 1
    } else if (text.startsWith('\r\n', i)) {
      rows.push(row)
      row = []
      i += 2
    } else if (i < text.length) {
      throw new Error(`unexpected character ${JSON.stringify(text[i])} at ${i}`)
    } else {
      throw new Error('the last row does not end with CRLF')
    }
  }
  return rows
}
