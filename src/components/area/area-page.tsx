import type { ReactNode } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { cn } from '#src/lib/utils.ts'

type Query<T> = { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }

/** In place of the area's data: a status line while it loads, what failed and "Riprova" when it could not be loaded. */
export function AreaQuery<T>({
  query,
  loading = 'Caricamento...',
  failed,
  spacing = 'py-8',
  children,
}: {
  query: Query<T>
  loading?: string
  failed: string
  spacing?: string
  children: (data: T) => ReactNode
}) {
  if (query.isPending) {
    return (
      <p className={cn('text-center text-muted', spacing)} role="status">
        {loading}
      </p>
    )
  }
  if (query.isError || query.data === undefined) {
    return (
      <div className="grid justify-items-start gap-2" role="alert">
        <p className="text-red-800">{failed}</p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          Riprova
        </Button>
      </div>
    )
  }
  return children(query.data)
}

/** A page of the area: its heading, a line on what it is for, then its data (see AreaQuery). */
export function AreaPage<T>({ title, intro, ...data }: { title: string; intro: ReactNode } & Parameters<typeof AreaQuery<T>>[0]) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h1 className="text-xl font-bold text-ink">{title}</h1>
        <p className="text-sm text-muted">{intro}</p>
      </div>
      <AreaQuery {...data} />
    </div>
  )
}
