import { useQuery } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { PaperclipIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { ArtisanLink } from '#src/components/admin/artisan-link.tsx'
import { DetailDialog } from '#src/components/admin/detail-dialog.tsx'
import { findComune } from '#shared/catalog/comuni.ts'
import { formatLongDateTime, formatMediumDateTime } from '#shared/italian-time.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { LeadMatching } from './lead-matching.tsx'
import { LeadTimeline } from './lead-timeline.tsx'
import { NoArtisanNotice } from './no-artisan-notice.tsx'
import { LeadWorkForm } from './lead-work-form.tsx'
import type { LeadRef } from './delete-lead-dialog.tsx'
import { ANONYMISED_CONTACT } from '#shared/schemas/admin-leads.ts'
import { opensInBrowser } from '#shared/schemas/attachments.ts'
import { formatFileSize } from '#shared/text.ts'
import { PROMISE_DEADLINE, promiseOutcome } from '#shared/promise.ts'

export type LeadDetail = inferRouterOutputs<AppRouter>['admin']['leads']['byId']

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-ink">{children}</dd>
    </div>
  )
}

/** What the requester answered to the service's questions, and "Quando": first, as a craftsman reads a job. */
function Questionnaire({ lead }: { lead: LeadDetail }) {
  if (!lead.questionnaire.length) return null
  return (
    <section aria-labelledby="lead-questionnaire" className="rounded-lg border border-gray-200 p-4">
      <h3 id="lead-questionnaire" className="mb-3 font-semibold text-ink">
        Risposte al questionario
      </h3>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {lead.questionnaire.map(({ question, answer }) => (
          <Field key={question} label={question}>
            {answer}
          </Field>
        ))}
      </dl>
    </section>
  )
}

/** Who asked for what, where, and with which words and files: what the office works from. */
function Details({ lead }: { lead: LeadDetail }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      <Field label="Data e ora">{formatLongDateTime(lead.created_at)}</Field>
      {lead.promise_due_at ? (
        <Field label={`Promessa (${PROMISE_DEADLINE})`}>
          {formatMediumDateTime(lead.promise_due_at)} · {promiseOutcome(lead.promise_due_at, lead.first_accepted_at, Date.now())}
        </Field>
      ) : null}
      <Field label="Nome completo">{lead.full_name}</Field>
      <Field label="Email">
        {lead.email ? (
          <a className="text-brand-700 hover:underline" href={`mailto:${lead.email}`}>
            {lead.email}
          </a>
        ) : (
          ANONYMISED_CONTACT
        )}
      </Field>
      <Field label="Telefono">
        {lead.phone ? (
          <a className="text-brand-700 hover:underline" href={`tel:${lead.phone.replace(/[^\d+]/g, '')}`}>
            {lead.phone}
          </a>
        ) : (
          'Non fornito'
        )}
      </Field>
      <Field label="Servizio richiesto">{lead.service_name}</Field>
      <Field label="Tipo">{lead.kind === 'quote' ? 'Richiesta di preventivo' : 'Richiesta di contatto'}</Field>
      {lead.subject ? <Field label="Oggetto">{lead.subject}</Field> : null}
      {lead.street ? (
        <>
          <Field label="Indirizzo">{lead.street}</Field>
          <Field label="Comune">{(lead.comune_slug && findComune(lead.comune_slug)?.name) || 'Non specificato'}</Field>
        </>
      ) : (
        <Field label="Località" wide>
          {lead.location_label || 'Non specificata'}
        </Field>
      )}
      {lead.preferredArtisan ? (
        <Field label="Artigiano preferito" wide>
          <ArtisanLink artisanId={lead.preferredArtisan.id}>{lead.preferredArtisan.name}</ArtisanLink>
        </Field>
      ) : null}
      <Field label="Descrizione" wide>
        <span className="whitespace-pre-wrap">{lead.description || 'Nessuna descrizione fornita.'}</span>
      </Field>
      <Field label="Offerte e novità" wide>
        {lead.marketing_consent_at ? `Consenso dato il ${formatLongDateTime(lead.marketing_consent_at)}` : 'Nessun consenso'}
      </Field>
      <Field label="Allegati" wide>
        {lead.attachments.length ? (
          <ul className="grid gap-1">
            {lead.attachments.map((file) => (
              <li key={file.id}>
                {/* Images and PDFs open in a tab of their own; the rest downloads from here, without an empty tab. */}
                <a
                  className="inline-flex items-center gap-1 text-brand-700 hover:underline"
                  href={`/admin/attachments/${file.id}`}
                  {...(opensInBrowser(file.content_type) ? { target: '_blank', rel: 'noopener noreferrer' } : { download: file.file_name })}
                >
                  <PaperclipIcon className="size-3.5" aria-hidden />
                  {file.file_name}
                </a>{' '}
                <span className="text-xs text-muted">({formatFileSize(file.size)})</span>
              </li>
            ))}
          </ul>
        ) : (
          'Nessun allegato'
        )}
      </Field>
    </dl>
  )
}

const CAMPAIGN_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const

/**
 * Where the request came from, folded under the work: address, browser, page and the campaign fields it carried
 * (only those it carried; none says so in one line).
 */
function TechnicalDetails({ lead }: { lead: LeadDetail }) {
  const campaign = CAMPAIGN_FIELDS.filter((field) => lead[field])
  return (
    <details className="rounded-lg border border-gray-200 p-4">
      <summary className="cursor-pointer font-semibold text-ink">Dettagli tecnici</summary>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label="Indirizzo IP">{lead.ip_address || 'N/D'}</Field>
        {lead.from_page ? <Field label="Pagina di provenienza">{lead.from_page}</Field> : null}
        <Field label="User agent" wide>
          <span className="text-xs">{lead.user_agent || 'N/D'}</span>
        </Field>
        {campaign.length ? (
          campaign.map((field) => (
            <Field key={field} label={field}>
              {lead[field]}
            </Field>
          ))
        ) : (
          <Field label="Campagna">Nessun parametro utm</Field>
        )}
      </dl>
    </details>
  )
}

/** 'Dettagli Preventivo': the request, its work state and notes, the craftsmen it goes to, its story, then where it came from. */
export function LeadDetailsDialog({ leadId, onClose, onDelete }: { leadId: number | null; onClose: () => void; onDelete: (lead: LeadRef) => void }) {
  const trpc = useTRPC()
  const lead = useQuery({ ...trpc.admin.leads.byId.queryOptions({ id: leadId ?? 0 }), enabled: leadId !== null })
  return (
    <DetailDialog
      open={leadId !== null}
      onClose={onClose}
      title="Dettagli Preventivo"
      description={leadId !== null ? `Richiesta n. ${leadId}` : null}
      query={lead}
      loading="Caricamento preventivo..."
      failed={lead.error?.data?.code === 'NOT_FOUND' ? 'Preventivo non trovato.' : 'Errore nel caricamento del preventivo.'}
      remove={lead.data ? { label: 'Elimina', onClick: () => lead.data && onDelete(lead.data) } : undefined}
    >
      {(data) => (
        <div className="grid gap-6">
          <Questionnaire lead={data} />
          <Details lead={data} />
          <NoArtisanNotice lead={data} />
          <LeadWorkForm key={`${data.id}-${data.updated_at}`} lead={data} />
          <LeadMatching lead={data} />
          <LeadTimeline lead={data} />
          <TechnicalDetails lead={data} />
        </div>
      )}
    </DetailDialog>
  )
}
