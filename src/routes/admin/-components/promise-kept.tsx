import { useQuery } from '@tanstack/react-query'
import { HandshakeIcon } from 'lucide-react'
import { InlineQueryView } from '#src/components/admin/list-screen.tsx'
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
        <InlineQueryView query={promise} loading="Caricamento promessa..." failed="Impossibile caricare la promessa mantenuta.">
          {(data) =>
            data.due ? (
              <div className="grid gap-1">
                <p>
                  <span className="text-3xl font-bold">{percent.format(data.kept / data.due)}</span>{' '}
                  <span className="text-muted">delle richieste negli ultimi {data.days} giorni</span>
                </p>
                <p className="text-sm text-muted">
                  {countOf(data.kept, 'richiesta accettata', 'richieste accettate')} da un artigiano {PROMISE_DEADLINE} su{' '}
                  {countOf(data.due, 'richiesta', 'richieste')} con la scadenza negli ultimi {data.days} giorni, oggi compreso.
                </p>
              </div>
            ) : (
              <p className="text-sm text-muted">Nessuna richiesta con la scadenza della promessa negli ultimi {data.days} giorni.</p>
            )
          }
        </InlineQueryView>
      </CardContent>
    </Card>
  )
}
