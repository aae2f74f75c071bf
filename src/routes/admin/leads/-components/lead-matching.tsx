import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BadgeCheckIcon, SendIcon } from 'lucide-react'
import { useState } from 'react'
import { toastServerError } from '#src/lib/server-errors.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { formatDateTime } from '#src/lib/format-date.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { MAX_ASSIGNED_ARTISANS } from '#shared/schemas/admin-leads.ts'
import type { LeadDetail } from './lead-details-dialog.tsx'

const EMAIL_STATUS: Record<string, string> = { pending: 'email in coda', sent: 'email inviata', failed: 'email non recapitata' }
const ARTISAN_STATUS: Record<string, string> = { active: 'Attivo', pending_review: 'In Revisione' }

/** Who the lead went to, and the matching craftsmen (sector and zone) to hand it to, up to three. */
export function LeadMatching({ lead }: { lead: LeadDetail }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const matches = useQuery(trpc.admin.leads.matches.queryOptions({ id: lead.id }))
  const [selected, setSelected] = useState<number[]>([])
  const assigned = new Set(lead.assignments.map((a) => a.artisan_id))
  const room = MAX_ASSIGNED_ARTISANS - assigned.size

  const assign = useMutation(
    trpc.admin.leads.assign.mutationOptions({
      onSuccess: async (updated) => {
        toast({
          title: 'Artigiani Assegnati',
          description: `${selected.length === 1 ? "L'artigiano riceverà" : `${selected.length} artigiani riceveranno`} la richiesta via email.`,
        })
        setSelected([])
        queryClient.setQueryData(trpc.admin.leads.byId.queryKey({ id: lead.id }), updated)
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.matches.queryKey({ id: lead.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
        ])
      },
      onError: toastServerError('Errore Assegnazione', 'Impossibile assegnare il preventivo.'),
    }),
  )

  const toggle = (id: number, on: boolean) => setSelected((current) => (on ? [...current, id] : current.filter((x) => x !== id)))

  return (
    <section aria-labelledby="lead-matching-title" className="grid gap-3 rounded-lg border border-gray-200 p-4">
      <h3 id="lead-matching-title" className="font-semibold text-ink">
        Artigiani
      </h3>
      {lead.assignments.length ? (
        <div>
          <p className="text-sm font-medium text-ink">Affidato a</p>
          <ul className="mt-1 grid gap-1 text-sm">
            {lead.assignments.map((a) => (
              <li key={a.artisan_id} className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{a.company_name ?? a.contact_name}</span>
                <span className="text-muted">{a.email}</span>
                <span className="text-xs text-muted">
                  il {formatDateTime(a.assigned_at)}
                  {a.email_status ? ` · ${EMAIL_STATUS[a.email_status] ?? a.email_status}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-muted">Non ancora affidato a nessun artigiano.</p>
      )}

      {matches.isPending ? (
        <p className="text-sm text-muted" role="status">
          Ricerca artigiani compatibili...
        </p>
      ) : matches.isError ? (
        <div className="flex flex-wrap items-center gap-2" role="alert">
          <p className="text-sm text-red-800">Impossibile caricare gli artigiani compatibili.</p>
          <Button size="sm" variant="outline" onClick={() => void matches.refetch()}>
            Riprova Caricamento
          </Button>
        </div>
      ) : !matches.data.sector || !matches.data.town ? (
        <p className="text-sm text-muted">
          {!matches.data.sector
            ? 'Il servizio richiesto non corrisponde a un settore degli artigiani: nessun abbinamento automatico.'
            : 'La località non corrisponde a un comune servito: nessun abbinamento automatico.'}
        </p>
      ) : (
        <form
          aria-label="Assegna ad artigiani"
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (selected.length) assign.mutate({ id: lead.id, artisanIds: selected })
          }}
        >
          <p className="text-sm text-muted">
            {matches.data.sector} a {matches.data.town}:{' '}
            {matches.data.candidates.length
              ? `${matches.data.candidates.length} ${matches.data.candidates.length === 1 ? 'artigiano compatibile' : 'artigiani compatibili'}.`
              : 'nessun artigiano compatibile.'}
            {matches.data.candidates.length && room > 0 ? ` Puoi sceglierne ancora ${room}.` : ''}
          </p>
          {matches.data.candidates.length ? (
            <ul className="grid max-h-60 gap-1 overflow-y-auto">
              {matches.data.candidates.map((artisan) => {
                const isAssigned = assigned.has(artisan.id)
                const checked = isAssigned || selected.includes(artisan.id)
                const disabled = isAssigned || (!checked && selected.length >= room)
                const id = `match-${artisan.id}`
                return (
                  <li key={artisan.id} className="flex items-start gap-3 rounded-md px-2 py-1.5 hover:bg-gray-50">
                    <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(value) => toggle(artisan.id, value === true)} />
                    <label htmlFor={id} className="grid min-w-0 flex-1 gap-0.5 text-sm">
                      <span className="flex flex-wrap items-center gap-1.5 font-medium text-ink">
                        {artisan.company_name ?? artisan.contact_name}
                        {artisan.is_verified ? (
                          <Badge variant="success">
                            <BadgeCheckIcon className="mr-1 size-3" aria-hidden />
                            Verificato
                          </Badge>
                        ) : null}
                        <Badge variant={artisan.status === 'active' ? 'info' : 'warning'}>{ARTISAN_STATUS[artisan.status] ?? artisan.status}</Badge>
                        {isAssigned ? <Badge>Già assegnato</Badge> : null}
                      </span>
                      <span className="truncate text-muted">
                        {artisan.contact_name} · {artisan.phone} · {artisan.recent_assignments} richieste negli ultimi 30 giorni
                      </span>
                    </label>
                  </li>
                )
              })}
            </ul>
          ) : null}
          {room > 0 && matches.data.candidates.length ? (
            <div>
              <Button type="submit" disabled={!selected.length || assign.isPending}>
                <SendIcon aria-hidden /> {assign.isPending ? 'Invio in corso...' : 'Assegna e invia email'}
              </Button>
            </div>
          ) : null}
        </form>
      )}
    </section>
  )
}
