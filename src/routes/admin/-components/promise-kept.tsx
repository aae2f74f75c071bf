import { useQuery } from '@tanstack/react-query'
import { HandshakeIcon } from 'lucide-react'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx'
import { useTRPC } from '#src/lib/trpc.tsx'
import { countOf } from '#shared/plural.ts'
import { PROMISE_DEADLINE } from '#shared/promise.ts'

const percent = new Intl.NumberFormat('it-IT', { style: 'percent', maximumFractionDigits: 0 })

/**
 * "Promessa mantenuta": the share of requests a craftsman accepted within the promise made to the requester
 * (shared/promise.ts), among those whose promise fell due in the last 30 days.
 */
export function PromiseKept() {
  const trpc = useTRPC()
  const promise = useQuery(trpc.admin.dashboard.promise.queryOptions())
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <h2 className="font-semibold leading-none">Promessa mantenuta</h2>
        <HandshakeIcon className="size-5 text-brand-600" aria-hidden />
      </CardHeader>
      <CardContent>
        {promise.isPending ? (
          <p className="text-sm text-muted" role="status">
            Caricamento promessa...
          </p>
        ) : promise.isError ? (
          <div className="flex flex-wrap items-center gap-2" role="alert">
            <p className="text-sm text-red-800">Impossibile caricare la promessa mantenuta.</p>
            <Button size="sm" variant="outline" onClick={() => void promise.refetch()}>
              Riprova Caricamento
            </Button>
          </div>
        ) : promise.data.due ? (
          <div className="grid gap-1">
            <p>
              <span className="text-3xl font-bold">{percent.format(promise.data.kept / promise.data.due)}</span>{' '}
              <span className="text-muted">delle richieste negli ultimi {promise.data.days} giorni</span>
            </p>
            <p className="text-sm text-muted">
              {countOf(promise.data.kept, 'richiesta accettata', 'richieste accettate')} da un artigiano {PROMISE_DEADLINE} su{' '}
              {countOf(promise.data.due, 'richiesta', 'richieste')} con la scadenza negli ultimi {promise.data.days} giorni, oggi compreso.
            </p>
          </div>
        ) : (
          <p className="text-sm text-muted">Nessuna richiesta con la scadenza della promessa negli ultimi {promise.data.days} giorni.</p>
        )}
      </CardContent>
    </Card>
  )
}
