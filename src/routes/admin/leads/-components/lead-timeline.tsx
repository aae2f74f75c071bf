import type { ReactNode } from 'react'
import { formatDateTime } from '#shared/italian-time.ts'
import { DECLINE_REASON_LABELS, RATING_OUTCOME_LABELS } from '#shared/lead-responses.ts'
import { countOf } from '#shared/plural.ts'
import { PROMISE_DEADLINE } from '#shared/promise.ts'
import { LEAD_STATUS_LABELS } from '#shared/schemas/admin-leads.ts'
import { NO_ARTISAN_REASON_LABELS, NO_ARTISAN_TITLE } from '#shared/schemas/dispatch.ts'
import { ArtisanLink } from '#src/components/admin/artisan-link.tsx'
import type { LeadDetail } from './lead-details-dialog.tsx'

type Entry = LeadDetail['timeline'][number]

const label = <T extends string>(labels: Record<T, string>, value: unknown): string | null =>
  typeof value === 'string' && value in labels ? labels[value as T] : null

const stars = (value: unknown) => countOf(Number(value), 'stella', 'stelle')

/**
 * What happened, as a sentence naming the craftsman (a link to their page while they exist); the details were written
 * by server/repositories/offers.ts and ratings.ts when the step was recorded.
 */
function sentence(entry: Entry, name: ReactNode): ReactNode {
  const { details } = entry
  switch (entry.kind) {
    case 'received':
      return 'Richiesta ricevuta'
    case 'assigned':
      return <>Offerta a {name}</>
    case 'email_sent':
      return <>E-mail dell'offerta inviata a {name}</>
    case 'email_failed':
      return <>E-mail dell'offerta a {name} non inviata</>
    case 'accepted':
      return <>{name} ha accettato</>
    case 'declined': {
      const reason = label(DECLINE_REASON_LABELS, details.reason)
      return (
        <>
          {name} ha rifiutato{reason ? `: ${reason}` : ''}
        </>
      )
    }
    case 'withdrawn':
      return <>{name} ha rinunciato al lavoro</>
    case 'revoked':
      return <>Offerta a {name} ritirata</>
    case 'introduced':
      return <>{name} presentato al cliente via e-mail</>
    case 'rating_requested':
      return 'Chiesto al cliente com’è andata'
    case 'rated': {
      const outcome = label(RATING_OUTCOME_LABELS, details.outcome)
      const verb = details.changed ? 'ha cambiato la valutazione di' : 'ha valutato'
      return (
        <>
          Il cliente {verb} {name}: {stars(details.stars)}
          {outcome ? ` (${outcome})` : ''}
        </>
      )
    }
    case 'status_changed':
      return `Stato: ${label(LEAD_STATUS_LABELS, details.from) ?? details.from} → ${label(LEAD_STATUS_LABELS, details.to) ?? details.to}`
    case 'promise_missed':
      return `Nessun artigiano ha accettato ${PROMISE_DEADLINE}: ${details.requesterTold ? 'cliente e ufficio avvisati' : 'ufficio avvisato'} via e-mail`
    case 'no_artisan': {
      const reason = label(NO_ARTISAN_REASON_LABELS, details.reason)
      return `${NO_ARTISAN_TITLE}${reason ? `: ${reason}` : ''}`
    }
  }
}

/** Who took the step, when it was not the craftsman or the requester named in the sentence. */
function byWhom(entry: Entry): string | null {
  if (entry.actor === 'sistema') {
    if (entry.kind === 'status_changed') return 'automatico'
    // The dispatcher's offers and the offers it took back at a round's end (server/dispatch/dispatcher.ts).
    return entry.kind === 'assigned' || entry.kind === 'revoked' ? 'assegnazione automatica' : null
  }
  if (entry.actor === 'artigiano' || entry.actor === 'cliente' || !entry.actor) return null
  return `da ${entry.actor}`
}

/** The lead's story, oldest first: arrival, offers and their e-mails, answers, introductions, ratings, status changes. */
export function LeadTimeline({ lead }: { lead: LeadDetail }) {
  const names = new Map(lead.assignments.map((a) => [a.artisan_id, a.contact_name]))
  const nameOf = (entry: Entry): ReactNode => {
    const name =
      (typeof entry.details.artisanName === 'string' ? entry.details.artisanName : null) ??
      (entry.artisanId !== null ? names.get(entry.artisanId) : undefined) ??
      'un artigiano'
    // A deleted craftsman's steps keep the name but no longer the id.
    return entry.artisanId !== null ? <ArtisanLink artisanId={entry.artisanId}>{name}</ArtisanLink> : name
  }
  return (
    <section aria-labelledby="lead-timeline-title" className="grid gap-3 rounded-lg border border-gray-200 p-4">
      <h3 id="lead-timeline-title" className="font-semibold text-ink">
        Cronologia
      </h3>
      <ol aria-label="Cronologia" className="grid gap-2 border-l-2 border-gray-200 pl-4">
        {lead.timeline.map((entry, index) => {
          const who = byWhom(entry)
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline only grows at its end; steps have no id of their own
            <li key={index} className="relative text-sm">
              <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-brand-600" />
              <time dateTime={entry.at} className="text-xs text-muted">
                {formatDateTime(entry.at)}
              </time>{' '}
              <span className="text-ink">{sentence(entry, nameOf(entry))}</span>
              {who ? <span className="text-xs text-muted"> · {who}</span> : null}
            </li>
          )
        })}
      </ol>
    </section>
  )
}
