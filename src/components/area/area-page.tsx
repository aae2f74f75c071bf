import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { QueryStates, type QueryViewProps } from '#src/components/query-states.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { type Trpc, useTRPC } from '#src/lib/trpc.tsx'
import { cn } from '#src/lib/utils.ts'

type AreaQueryProps<T> = Omit<QueryViewProps<T>, 'loading'> & { loading?: string }

/** In place of the area's data: a status line while it loads, what failed and "Riprova" when it could not be loaded. */
export function AreaQuery<T>({ query, loading = 'Caricamento...', failed, spacing = 'py-8', children }: AreaQueryProps<T>) {
  return (
    <QueryStates
      query={query}
      loading={loading}
      statusClassName={cn('text-center text-muted', spacing)}
      failure={
        <div className="grid justify-items-start gap-2" role="alert">
          <p className="text-red-800">{failed}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Riprova
          </Button>
        </div>
      }
    >
      {children}
    </QueryStates>
  )
}

type AreaPageProps<Data, Error, Key extends QueryKey> = Omit<AreaQueryProps<Data>, 'query'> & {
  title: string
  intro: ReactNode
  /** The query the page shows, the same one its route's loader prefetches. */
  options: (trpc: Trpc) => UseQueryOptions<Data, Error, Data, Key>
}

/** A page of the area: its heading, a line on what it is for, then its data (see AreaQuery). */
export function AreaPage<Data, Error, Key extends QueryKey>({ title, intro, options, ...states }: AreaPageProps<Data, Error, Key>) {
  const query = useQuery(options(useTRPC()))
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-bold text-ink">{title}</h1>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      <AreaQuery query={query} {...states} />
    </div>
  )
}
