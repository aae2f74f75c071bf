import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { BadgeCheckIcon, PencilIcon, Trash2Icon } from 'lucide-react'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardHeader } from '#src/components/ui/card.tsx'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { formatMediumDateTime } from '#shared/italian-time.ts'
import { artisanStatusLabel } from '#shared/schemas/artisan.ts'
import { AreaAccess } from './-components/area-access.tsx'
import { ArtisanCoverage } from './-components/artisan-coverage.tsx'
import { ArtisanOffers } from './-components/artisan-offers.tsx'
import { ArtisanLoading, BackToList, useArtisan } from './-components/artisan-page.tsx'
import { DeleteArtisanDialog } from './-components/delete-artisan-dialog.tsx'
import { PublicProfile } from './-components/public-profile.tsx'
import { ArtisanLoadError } from './-components/load-error.tsx'
import { StatusBadge } from './-components/status-badge.tsx'

export const Route = createFileRoute('/admin/artisans/$artisanId')({
  head: () => ({ meta: [{ title: `Dettagli Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: ArtisanDetailPage,
})

const FIELD_LABELS: Record<string, string> = {
  contact_name: 'referente',
  company_name: 'azienda',
  vat_number: 'partita IVA',
  email: 'email',
  phone: 'telefono',
  specialization_sectors: 'settori',
  operative_zones: 'zone operative',
  status: 'stato',
  is_verified: 'verifica',
  profile_image_url: 'immagine profilo',
  notes: 'note interne',
}

const ACTIONS: Record<string, string> = {
  create: 'Creato',
  coverage: 'Copertura salvata',
  pause: 'Messo in pausa',
  resume: 'Di nuovo disponibile',
  notifications: 'Notifiche cambiate',
  update: 'Modificato',
  delete: 'Eliminato',
  profile_slug: 'Indirizzo del profilo salvato',
  profile_consent: 'Consenso al profilo pubblico registrato',
  profile_consent_withdrawn: 'Consenso al profilo pubblico revocato',
  profile_description: 'Descrizione pubblica salvata',
  profile_verification: 'Verifica aggiornata',
  profile_publish: 'Profilo pubblicato',
  profile_unpublish: 'Profilo ritirato',
  photo_add: 'Foto aggiunta',
  photo_caption: 'Didascalia della foto salvata',
  photo_move: 'Ordine delle foto cambiato',
  photo_remove: 'Foto rimossa',
  profile_change_proposed: 'Modifica del profilo proposta',
  profile_change_withdrawn: 'Modifica del profilo ritirata',
  profile_change_approved: 'Modifica del profilo approvata',
  profile_change_refused: 'Modifica del profilo rifiutata',
  review_report: 'Recensione segnalata',
  sessions_ended: 'Sessioni dell’area artigiani terminate',
  offer_outcome_set: 'Esito di un lavoro indicato («Com’è finita?»)',
  sign_in: 'Accesso all’area artigiani',
  sign_in_link_sent: 'Link di accesso all’area inviato',
}

/** Who made a change: the craftsman from their area, an administrator (their e-mail), or the system. */
function actorWords(entry: { actorKind: string; actor: string | null }): string {
  if (entry.actorKind === 'artisan') return 'dall’artigiano'
  if (entry.actorKind === 'system' || !entry.actor) return 'dal sistema'
  return `da ${entry.actor}`
}

/** One term and its value; `wide` spans both columns (a div directly inside the dl, as HTML allows). */
function Detail({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <div className={wide ? 'grid gap-0.5 sm:col-span-2' : 'grid gap-0.5'}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{label}</dt>
      <dd className="[overflow-wrap:anywhere]">{children || <span className="text-muted">—</span>}</dd>
    </div>
  )
}

/** An address to write to or call, as a link; a dash when missing. */
function LinkDetail({ label, scheme, value }: { label: string; scheme: 'mailto' | 'tel'; value: string | null }) {
  return (
    <Detail label={label}>
      {value ? (
        <a className="text-trade-700 underline" href={`${scheme}:${value}`}>
          {value}
        </a>
      ) : null}
    </Detail>
  )
}

/** A real detail view: every field and the history of who changed what and when. */
function ArtisanDetailPage() {
  const navigate = useNavigate()
  const { data, loadError } = useArtisan(Route.useParams().artisanId)
  if (loadError) return <ArtisanLoadError message={loadError} />
  if (!data) return <ArtisanLoading />
  const { artisan, history } = data
  return (
    <div className="mx-auto grid max-w-4xl gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <BackToList />
          <h1 className="flex items-center gap-2 text-2xl font-bold">
            {artisan.contact_name}
            {artisan.is_verified && <BadgeCheckIcon className="size-6 text-trade-600" aria-label="Artigiano verificato" />}
          </h1>
          <StatusBadge status={artisan.status} />
        </div>
        <div className="flex gap-2">
          <Button asChild variant="outline">
            <Link to="/admin/artisans/edit/$artisanId" params={{ artisanId: String(artisan.id) }}>
              <PencilIcon aria-hidden /> Modifica
            </Link>
          </Button>
          <DeleteArtisanDialog
            artisan={artisan}
            onDeleted={() => void navigate({ to: '/admin/artisans' })}
            trigger={
              <Button variant="destructive">
                <Trash2Icon aria-hidden /> Elimina
              </Button>
            }
          />
        </div>
      </div>
      {artisan.status === 'pending_review' && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          {artisan.source === 'application' ? 'Candidatura ricevuta dal sito' : 'Artigiano'} in attesa di revisione: verifica i dati e cambia lo stato da
          “Modifica”.
        </p>
      )}
      <Card>
        <CardContent className="p-4 sm:p-6">
          <dl className="grid gap-4 sm:grid-cols-2">
            <Detail label="Azienda">{artisan.company_name}</Detail>
            <Detail label="Partita IVA">{artisan.vat_number}</Detail>
            <LinkDetail label="Email" scheme="mailto" value={artisan.email} />
            <LinkDetail label="Telefono" scheme="tel" value={artisan.phone} />
            <Detail label="Settori">{artisan.specialization_sectors.join(', ')}</Detail>
            <Detail label="Zone operative (come indicate)">{artisan.operative_zones.join(', ')}</Detail>
            <Detail label="Stato">{artisanStatusLabel(artisan.status)}</Detail>
            <Detail label="Origine">{artisan.source === 'application' ? 'Candidatura dal sito' : 'Inserito dall’area riservata'}</Detail>
            <Detail label="Immagine profilo">{artisan.profile_image_url}</Detail>
            <Detail label="Registrato il">{formatMediumDateTime(artisan.created_at)}</Detail>
            {artisan.description && (
              <Detail label="Presentazione" wide>
                <span className="whitespace-pre-line">{artisan.description}</span>
              </Detail>
            )}
            <Detail label="Note interne" wide>
              <span className="whitespace-pre-line">{artisan.notes}</span>
            </Detail>
          </dl>
        </CardContent>
      </Card>
      <ArtisanCoverage data={data} />
      <PublicProfile artisanId={artisan.id} />
      <ArtisanOffers artisanId={artisan.id} />
      <AreaAccess artisan={artisan} />
      <Card>
        <CardHeader>
          <h2 className="font-semibold leading-none">Cronologia</h2>
        </CardHeader>
        <CardContent>
          {history.length === 0 ? (
            <p className="text-muted">Nessuna modifica registrata.</p>
          ) : (
            <ol className="grid gap-3" aria-label="Cronologia delle modifiche">
              {history.map((entry) => (
                <li key={entry.id} className="border-l-2 border-gray-200 pl-3">
                  <p className="text-sm">
                    <strong>{ACTIONS[entry.action] ?? entry.action}</strong> {actorWords(entry)} · {formatMediumDateTime(entry.at)}
                  </p>
                  {entry.details?.fields && entry.details.fields.length > 0 && (
                    <p className="text-sm text-muted">Campi: {entry.details.fields.map((field) => FIELD_LABELS[field] ?? field).join(', ')}</p>
                  )}
                  {entry.details?.status && (
                    <p className="text-sm text-muted">
                      Stato: {artisanStatusLabel(entry.details.status.from)} → {artisanStatusLabel(entry.details.status.to)}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
