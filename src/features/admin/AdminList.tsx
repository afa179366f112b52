import type { ReactNode } from 'react'
import { Pager } from './Pager'
import { EmptyState, ErrorState, LoadingState } from './StatusMessage'

/** One column of an admin table: its header and what each row shows in it. */
export interface Column<Row> {
  header: string
  cell: (row: Row) => ReactNode
  /** The row's header cell (`<th scope="row">`), read first by screen readers. */
  rowHeader?: boolean
  className?: string
}

/** What one admin list is: see admin-lists.tsx for the four of the console. */
export interface ListDefinition<Row> {
  /** Names the scrollable table region, e.g. 'Messages'. */
  label: string
  /** Said by the pager, e.g. 'messages'. */
  noun: string
  empty: string
  loadFailure: string
  tableClassName?: string
  columns: Column<Row>[]
  rowClassName?: (row: Row) => string | undefined
}

/** The counts of a PocketBase list page, for the pager. */
export function pageCounts(list: { totalPages: number; totalItems: number }) {
  return { totalPages: list.totalPages, totalItems: list.totalItems }
}

export interface PageInfo {
  page: number
  totalPages: number
  totalItems: number
  onPage: (page: number) => void
}

interface AdminListProps<Row> {
  definition: ListDefinition<Row>
  rows: Row[] | undefined
  loading: boolean
  /** Why the last load failed (undefined: it did not); rows still shown were loaded before. */
  error: unknown
  onRetry: () => void
  pages?: PageInfo
}

/** Loading, error, empty, or the table (scrollable, keyboard-reachable) with its pager. */
export function AdminList<Row extends { id: string }>({
  definition,
  rows,
  loading,
  error,
  onRetry,
  pages,
}: AdminListProps<Row>) {
  const failed = error !== undefined
  if (loading) return <LoadingState />
  if (failed && !rows)
    return <ErrorState text={definition.loadFailure} onRetry={onRetry} error={error} />
  if (!rows || rows.length === 0) return <EmptyState text={definition.empty} />
  // Explicit roles: under 720 px the rows are drawn as cards (admin.css), and a table whose
  // parts are no longer displayed as table parts would lose its meaning to screen readers.
  return (
    <>
      {failed && <ErrorState text={definition.loadFailure} onRetry={onRetry} error={error} />}
      <div className="admin-table-wrap" role="region" aria-label={definition.label} tabIndex={0}>
        <table
          role="table"
          className={['admin-table admin-table--cards', definition.tableClassName]
            .filter(Boolean)
            .join(' ')}
        >
          <thead role="rowgroup">
            <tr role="row">
              {definition.columns.map((column) => (
                <th key={column.header} scope="col" role="columnheader">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((row) => (
              <tr key={row.id} role="row" className={definition.rowClassName?.(row)}>
                {definition.columns.map((column) =>
                  column.rowHeader ? (
                    <th
                      key={column.header}
                      scope="row"
                      role="rowheader"
                      className={column.className}
                    >
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td
                      key={column.header}
                      role="cell"
                      data-label={column.header}
                      className={column.className}
                    >
                      <div className="admin-table__value">{column.cell(row)}</div>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages && <Pager noun={definition.noun} {...pages} />}
    </>
  )
}
