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
  /** The last load failed; rows still shown (if any) are the ones loaded before. */
  failed: boolean
  onRetry: () => void
  pages?: PageInfo
}

/** Loading, error, empty, or the table (scrollable, keyboard-reachable) with its pager. */
export function AdminList<Row extends { id: string }>({
  definition,
  rows,
  loading,
  failed,
  onRetry,
  pages,
}: AdminListProps<Row>) {
  if (loading) return <LoadingState />
  if (failed && !rows) return <ErrorState text={definition.loadFailure} onRetry={onRetry} />
  if (!rows || rows.length === 0) return <EmptyState text={definition.empty} />
  return (
    <>
      {failed && <ErrorState text={definition.loadFailure} onRetry={onRetry} />}
      <div className="admin-table-wrap" role="region" aria-label={definition.label} tabIndex={0}>
        <table className={['admin-table', definition.tableClassName].filter(Boolean).join(' ')}>
          <thead>
            <tr>
              {definition.columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={definition.rowClassName?.(row)}>
                {definition.columns.map((column) =>
                  column.rowHeader ? (
                    <th key={column.header} scope="row" className={column.className}>
                      {column.cell(row)}
                    </th>
                  ) : (
                    <td key={column.header} className={column.className}>
                      {column.cell(row)}
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
