import { useQuery } from '@tanstack/react-query'
import { ConfirmationFrame } from '#src/components/admin/confirm-dialog.tsx'
import { AlertDialog, AlertDialogAction } from '#src/components/ui/alert-dialog.tsx'
import { useTRPC } from '#src/lib/trpc.tsx'
import type { NewsletterTargetGroup } from '#shared/enums.ts'
import { type Segment, segmentOf } from '#shared/schemas/newsletter.ts'
import { rateInWords, segmentInWords, sendingTime, sendQuestion } from './segment-words.ts'

export type SendRequest = { subject: string; targetGroup: NewsletterTargetGroup; segment: Segment }

/**
 * 'Crea e Invia Campagna' asks first: the subject, the audience in words, the exact number of recipients now (the
 * server's count, the same query the campaign's preparation uses) and how long it takes at the configured rate.
 */
export function SendConfirmation({ request, onCancel, onConfirm }: { request: SendRequest | null; onCancel: () => void; onConfirm: () => void }) {
  return (
    <AlertDialog open={request !== null} onOpenChange={(open) => (open ? null : onCancel())}>
      {request ? <ConfirmationContent request={request} onConfirm={onConfirm} /> : null}
    </AlertDialog>
  )
}

function ConfirmationContent({ request, onConfirm }: { request: SendRequest; onConfirm: () => void }) {
  const trpc = useTRPC()
  // Read again on opening, whatever the form counted a moment ago: the number asked about is the number sent to.
  const count = useQuery({
    ...trpc.admin.newsletter.segmentCount.queryOptions({ targetGroup: request.targetGroup, segment: request.segment }),
    refetchOnMount: 'always',
    staleTime: 0,
  })
  const mail = useQuery(trpc.admin.newsletter.mailSetup.queryOptions())
  const recipients = count.isFetching ? undefined : count.data
  const title =
    recipients === undefined
      ? count.isError
        ? 'Numero di destinatari non disponibile'
        : 'Calcolo dei destinatari…'
      : recipients === 0
        ? 'Nessun destinatario'
        : sendQuestion(recipients)
  return (
    <ConfirmationFrame
      title={title}
      descriptionAsChild
      description={
        <div className="grid gap-3">
          <dl className="grid gap-1 text-ink">
            <div>
              <dt className="inline font-semibold">Oggetto: </dt>
              <dd className="inline break-words">{request.subject}</dd>
            </div>
            <div>
              <dt className="inline font-semibold">Destinatari scelti: </dt>
              <dd className="inline" data-testid="confirm-segment">
                {segmentInWords(request.targetGroup, segmentOf(request.targetGroup, request.segment))}
              </dd>
            </div>
          </dl>
          {recipients === 0 ? (
            <p role="alert" className="text-red-800">
              Il segmento scelto non ha destinatari: cambia i filtri.
            </p>
          ) : count.isError ? (
            <p role="alert" className="text-red-800">
              Impossibile contare i destinatari adesso: riprova tra poco.
            </p>
          ) : recipients !== undefined ? (
            <>
              <p>
                Esclusi gli indirizzi nella lista di esclusione. La campagna parte subito e non si può richiamare: si può solo mettere in pausa o annullare.
              </p>
              {mail.data ? (
                mail.data.configured ? (
                  <p data-testid="confirm-duration">
                    Al ritmo configurato ({rateInWords(mail.data.ratePerSecond)}) l'invio richiede {sendingTime(recipients, mail.data.ratePerSecond)}; di più se
                    nel frattempo il sito manda conferme e notifiche, che hanno la precedenza.
                  </p>
                ) : (
                  <p data-testid="confirm-duration">
                    L'invio delle email non è configurato su questo server: la campagna resterà in attesa e partirà appena lo sarà.
                  </p>
                )
              ) : null}
            </>
          ) : null}
        </div>
      }
    >
      <AlertDialogAction disabled={!recipients} onClick={onConfirm}>
        Invia ora
      </AlertDialogAction>
    </ConfirmationFrame>
  )
}
