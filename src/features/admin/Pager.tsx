import { ADMIN_PAGE_SIZE } from '../../backend/admin-api'

interface PagerProps {
  /** e.g. 'audits' */
  noun: string
  page: number
  totalPages: number
  totalItems: number
  onPage: (page: number) => void
}

/** Previous / Next over pages of 50, with where the consultant is. */
export function Pager({ noun, page, totalPages, totalItems, onPage }: PagerProps) {
  if (totalItems === 0) return null
  const first = (page - 1) * ADMIN_PAGE_SIZE + 1
  const last = Math.min(page * ADMIN_PAGE_SIZE, totalItems)
  return (
    <nav className="admin-pager" aria-label={`Pages of ${noun}`}>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        Previous
      </button>
      <p>
        {first}–{last} of {totalItems} {noun} · page {page} of {Math.max(totalPages, 1)}
      </p>
      <button
        type="button"
        className="btn btn-secondary"
        onClick={() => onPage(page + 1)}
        disabled={page >= totalPages}
      >
        Next
      </button>
    </nav>
  )
}
