// Reading JSON the database keeps as text: a record's JSON field, a delivery's payload. Damaged
// or missing JSON reads as nothing, never as an exception in the middle of a send.

/** `text` parsed, or null when it is empty or does not parse. */
export function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null
  } catch {
    return null
  }
}

/** A JSON field as plain data (record.get() would give raw bytes), or null. */
export function readJson(record: core.Record, field: string): unknown {
  return parseJson(record.getString(field))
}

/** A JSON field PocketBase hands to a hook as raw bytes (or text), as plain data, or null. */
export function jsonValue(value: unknown): unknown {
  if (value === null || value === undefined) return null
  return parseJson(typeof value === 'string' ? value : toString(value))
}

/** JSON text kept on a row (a delivery's payload) as an object ({} when none or damaged). */
export function objectOf(text: string): Record<string, unknown> {
  const parsed = parseJson(text)
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {}
}
