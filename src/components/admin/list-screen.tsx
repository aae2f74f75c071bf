import type { ReactNode } from 'react'
import { type Query, QueryStates, type QueryViewProps } from '#src/components/query-states.tsx'
import { PageNumberBar } from '#src/components/page-number-bar.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#src/components/ui/card.tsx'
import { cn } from '#src/lib/utils.ts'
import { countOf, italianNumber } from '#shared/plural.ts'

/** In place of data: a status line while it loads, the failure and a retry button when it could not be loaded. */
export function QueryView<T>({ query, loading, failed, spacing = 'py-10', children }: QueryViewProps<T>) {
  return (
    <QueryStates
      query={query}
      loading={loading}
      statusClassName={cn('text-center text-muted', spacing)}
      failure={
        <div className={cn('grid justify-items-center gap-3 text-center', spacing)} role="alert">
          <p className="font-medium text-red-800">{failed}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Riprova Caricamento
          </Button>
        </div>
      }
    >
      {children}
    </QueryStates>
  )
}

/** QueryView inside a card beside other content: one small status line while it loads, the failure and a small retry in a row. */
export function InlineQueryView<T>({ query, loading, failed, children }: Omit<QueryViewProps<T>, 'spacing'>) {
  return (
    <QueryStates
      query={query}
      loading={loading}
      statusClassName="text-sm text-muted"
      failure={
        <div className="flex flex-wrap items-center gap-2" role="alert">
          <p className="text-sm text-red-800">{failed}</p>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            Riprova Caricamento
          </Button>
        </div>
      }
    >
      {children}
    </QueryStates>
  )
}

/** A page of a list; `totalCapped` when more rows match than `total` (a filtered list counts up to 10,000). */
type ListPage<Row> = { rows: Row[]; page: number; pageCount: number; total: number; totalCapped?: boolean }

/** What a list says while loading, when it failed and when nothing matches. */
type ListMessages = { loading: string; failed: string; empty: string }

type ResultsProps<Row> = { list: Query<ListPage<Row>>; messages: ListMessages; onPageChange: (page: number) => void; children: (rows: Row[]) => ReactNode }

/** The body of an admin list: loading, failure or empty state, else the rows and the page-number bar. */
export function ListResults<Row>({ list, messages, onPageChange, children }: ResultsProps<Row>) {
  return (
    <QueryView query={list} loading={messages.loading} failed={messages.failed}>
      {(data) =>
        data.rows.length === 0 ? (
          <p className="py-10 text-center text-muted">{messages.empty}</p>
        ) : (
          <>
            {children(data.rows)}
            <PageNumberBar page={data.page} pageCount={data.pageCount} onPageChange={onPageChange} />
            {data.totalCapped ? (
              <p className="pt-3 text-center text-sm text-muted">
                Le pagine arrivano ai primi {italianNumber.format(data.total)}: aggiungi un filtro per trovare gli altri.
              </p>
            ) : null}
          </>
        )
      }
    </QueryView>
  )
}

/** The results card of an admin list: its title and how many rows match (`noun`: singular and plural), above the list's body. */
export function ListCard<Row>({ title, noun, ...results }: { title: string; noun: readonly [one: string, other: string] } & ResultsProps<Row>) {
  const total = results.list.data?.total
  const capped = results.list.data?.totalCapped ? 'più di ' : ''
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 pb-4">
        <CardTitle>{title}</CardTitle>
        {total === undefined ? null : (
          <span className="text-sm text-muted" aria-live="polite">
            {`${capped}${countOf(total, ...noun)}`}
          </span>
        )}
      </CardHeader>
      <CardContent className="pt-0">
        <ListResults {...results} />
      </CardContent>
    </Card>
  )
}

/**
 * A queue to work through, in a card: its title and how many wait ("N da vedere", or `idle` when none), then the
 * queue's `items`, or `empty` when there are none.
 */
export function QueueCard<T extends { total: number }>({
  title,
  idle,
  empty,
  items,
  ...view
}: { title: string; idle: string; empty: string; items: (data: T) => ReactNode[] } & Omit<QueryViewProps<T>, 'spacing' | 'children'>) {
  const total = view.query.data?.total
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-baseline justify-between gap-2 pb-4">
        <h2 className="font-semibold leading-none">{title}</h2>
        {view.query.data ? (
          <span className="text-sm text-muted" aria-live="polite">
            {total ? `${total} da vedere` : idle}
          </span>
        ) : null}
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-4 pt-0">
        <QueryView {...view}>
          {(data) => {
            const shown = items(data)
            return shown.length === 0 ? <p className="py-6 text-center text-muted">{empty}</p> : shown
          }}
        </QueryView>
      </CardContent>
    </Card>
  )
}

/** The heading of an admin screen, a line of help under it, and the screen's own buttons on the right. */
export function ScreenHeader({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold text-ink">{title}</h1>
        <p className="text-sm text-muted">{children}</p>
      </div>
      {actions}
    </header>
  )
}
