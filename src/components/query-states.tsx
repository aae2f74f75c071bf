import type { ReactNode } from 'react'

/** The part of a TanStack Query result that a screen's states read. */
export type Query<T> = { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }

/** What a screen says in place of a query's data while it loads (`loading`) and when it failed (`failed`, with a retry). */
export type QueryViewProps<T> = { query: Query<T>; loading: string; failed: string; spacing?: string; children: (data: T) => ReactNode }

/** A status line (`loading`, styled by `statusClassName`) while the query loads, `failure` when it could not be loaded, else `children` with its data. */
export function QueryStates<T>({
  query,
  loading,
  statusClassName,
  failure,
  children,
}: Omit<QueryViewProps<T>, 'failed' | 'spacing'> & { statusClassName: string; failure: ReactNode }) {
  if (query.isPending) {
    return (
      <p className={statusClassName} role="status">
        {loading}
      </p>
    )
  }
  if (query.isError || query.data === undefined) return failure
  return children(query.data)
}
