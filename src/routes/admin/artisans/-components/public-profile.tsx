import { type MutationFunction, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { inferRouterOutputs } from '@trpc/server'
import { ArrowDownIcon, ArrowUpIcon, ExternalLinkIcon, Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { QueryView } from '#src/components/admin/list-screen.tsx'
import { PhotoUploadForm } from '#src/components/photo-upload-form.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { formatMediumDateTime, romeDay } from '#shared/italian-time.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import { countOf } from '#shared/plural.ts'
import { MAX_PHOTO_CAPTION_LENGTH, MAX_PORTFOLIO_PHOTOS, MAX_PUBLIC_DESCRIPTION_LENGTH } from '#shared/reviews.ts'
import { SLUG_MAX_LENGTH, VAT_NOT_VALID, VERIFICATIONS, type Verification } from '#shared/schemas/artisan-profile.ts'

/** The day of an instant as the office reads it: 26 nov 2026, 10:15. */
const when = (iso: string) => formatMediumDateTime(iso)
const today = () => romeDay(Date.now())

/** A profile change: on success its toast and the profile and the artisan's history read again; on failure the server's message. */
function useProfileChange<Input>(mutationOptions: { mutationFn?: MutationFunction<unknown, Input> }, success: string, onError?: (message: string) => void) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return useMutation({
    ...mutationOptions,
    onSuccess: async () => {
      toast({ title: success })
      await queryClient.invalidateQueries({ queryKey: trpc.admin.artisanProfiles.pathKey() })
      await queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
    },
    onError: (error: unknown) => {
      const message = serverMessage(error, 'Riprova tra poco.')
      if (onError) onError(message)
      else toast({ title: 'Modifica non salvata', description: message, variant: 'destructive' })
    },
  })
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 border-t border-gray-200 pt-4 first:border-t-0 first:pt-0" aria-label={title}>
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  )
}

/** "Profilo pubblico": what the office prepares and publishes on /artigiani/<slug> (docs/product.md §11). */
export function PublicProfile({ artisanId }: { artisanId: number }) {
  const trpc = useTRPC()
  const query = useQuery(trpc.admin.artisanProfiles.byArtisan.queryOptions({ artisanId }))
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Profilo pubblico</h2>
        <CardDescription>La pagina dell'artigiano sul sito: senza telefono né email</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <QueryView query={query} loading="Caricamento profilo pubblico..." failed="Impossibile caricare il profilo pubblico." spacing="py-4">
          {(data) => <ProfileEditor artisanId={artisanId} data={data} />}
        </QueryView>
      </CardContent>
    </Card>
  )
}

type ProfileData = inferRouterOutputs<AppRouter>['admin']['artisanProfiles']['byArtisan']

function ProfileEditor({ artisanId, data }: { artisanId: number; data: ProfileData }) {
  const { profile } = data
  return (
    <>
      <Publication artisanId={artisanId} data={data} />
      <SlugField artisanId={artisanId} data={data} />
      <Consent artisanId={artisanId} data={data} />
      <Description artisanId={artisanId} saved={profile?.description ?? ''} />
      <Verifications artisanId={artisanId} data={data} />
      <Photos artisanId={artisanId} photos={data.photos} />
    </>
  )
}

function Publication({ artisanId, data }: { artisanId: number; data: ProfileData }) {
  const trpc = useTRPC()
  const { profile } = data
  const publish = useProfileChange(trpc.admin.artisanProfiles.publish.mutationOptions(), 'Profilo pubblicato')
  const unpublish = useProfileChange(trpc.admin.artisanProfiles.unpublish.mutationOptions(), 'Profilo ritirato')
  const published = Boolean(profile?.published_at)
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-50 p-3">
      <div className="grid gap-1">
        <p className="flex flex-wrap items-center gap-2">
          {published ? (
            <Badge variant="success">Pubblicato</Badge>
          ) : profile?.unpublished_at ? (
            <Badge variant="warning">Ritirato</Badge>
          ) : (
            <Badge>Non pubblicato</Badge>
          )}
          {published && profile ? (
            <a
              className="inline-flex items-center gap-1 text-sm text-trade-700 underline [overflow-wrap:anywhere]"
              href={`/artigiani/${profile.slug}`}
              target="_blank"
              rel="noreferrer"
            >
              /artigiani/{profile.slug} <ExternalLinkIcon className="size-3.5" aria-hidden />
              <span className="sr-only">(si apre in una nuova scheda)</span>
            </a>
          ) : null}
        </p>
        <p className="text-sm text-muted">
          {published && profile?.published_at
            ? `Pubblicato il ${when(profile.published_at)}`
            : profile?.unpublished_at
              ? `Ritirato il ${when(profile.unpublished_at)}: l'indirizzo risponde "pagina rimossa".`
              : !profile?.consent_at
                ? "Per pubblicare serve il consenso dell'artigiano."
                : !data.artisanActive
                  ? 'Per pubblicare lo stato deve essere Attivo.'
                  : 'Pronto per la pubblicazione.'}
        </p>
      </div>
      {published ? (
        <Button variant="outline" disabled={unpublish.isPending} onClick={() => unpublish.mutate({ artisanId })}>
          Ritira profilo
        </Button>
      ) : (
        <Button disabled={publish.isPending} onClick={() => publish.mutate({ artisanId })}>
          Pubblica profilo
        </Button>
      )}
    </div>
  )
}

function SlugField({ artisanId, data }: { artisanId: number; data: ProfileData }) {
  const trpc = useTRPC()
  const id = useId()
  const [slug, setSlug] = useState(data.proposedSlug)
  const [error, setError] = useState<string | null>(null)
  const save = useProfileChange(trpc.admin.artisanProfiles.setSlug.mutationOptions(), 'Indirizzo salvato', setError)
  return (
    <Section title="Indirizzo del profilo">
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          setError(null)
          save.mutate({ artisanId, slug })
        }}
      >
        <Label htmlFor={`${id}-slug`}>Indirizzo (dopo /artigiani/)</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${id}-slug`}
            className="max-w-md flex-1 font-mono"
            value={slug}
            maxLength={SLUG_MAX_LENGTH + 20}
            disabled={!data.slugEditable}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-slug-hint${error ? ` ${id}-slug-error` : ''}`}
            onChange={(event) => setSlug(event.target.value)}
          />
          {data.slugEditable ? (
            <Button type="submit" variant="outline" disabled={save.isPending}>
              Salva indirizzo
            </Button>
          ) : null}
        </div>
        <p id={`${id}-slug-hint`} className="text-sm text-muted">
          {data.slugEditable
            ? `Lettere minuscole senza accenti, cifre e trattini, da 3 a ${SLUG_MAX_LENGTH} caratteri.${data.profile ? '' : ' Proposto dal nome: salvalo o cambialo.'}`
            : 'Non si può più cambiare: il profilo è già stato pubblicato.'}
        </p>
        <FieldError id={`${id}-slug-error`}>{error}</FieldError>
      </form>
    </Section>
  )
}

/** A date field for when something happened, today by default and never in the future. */
function DayInput({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (value: string) => void }) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" className="w-44" value={value} max={today()} onChange={(event) => onChange(event.target.value)} />
    </div>
  )
}

function Consent({ artisanId, data }: { artisanId: number; data: ProfileData }) {
  const trpc = useTRPC()
  const id = useId()
  const [day, setDay] = useState(today)
  const { profile } = data
  const record = useProfileChange(trpc.admin.artisanProfiles.recordConsent.mutationOptions(), 'Consenso registrato')
  const withdraw = useProfileChange(trpc.admin.artisanProfiles.withdrawConsent.mutationOptions(), 'Consenso revocato')
  return (
    <Section title="Consenso dell'artigiano">
      <blockquote className="border-l-2 border-gray-300 pl-3 text-sm">{data.consentText}</blockquote>
      {profile?.consent_at ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm">
            <Badge variant="success">Consenso registrato</Badge> il {when(profile.consent_at)}
            {data.consentRecordedBy ? ` da ${data.consentRecordedBy}` : ''}
          </p>
          <Button
            variant="outline"
            disabled={withdraw.isPending}
            onClick={() => {
              if (window.confirm(profile.published_at ? 'Revocare il consenso? Il profilo verrà ritirato subito.' : 'Revocare il consenso?'))
                withdraw.mutate({ artisanId })
            }}
          >
            Revoca consenso
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <DayInput id={`${id}-consent-day`} label="Data del consenso" value={day} onChange={setDay} />
          <Button disabled={record.isPending || !day} onClick={() => record.mutate({ artisanId, day })}>
            Registra consenso
          </Button>
        </div>
      )}
    </Section>
  )
}

function Description({ artisanId, saved }: { artisanId: number; saved: string }) {
  const trpc = useTRPC()
  const id = useId()
  const [text, setText] = useState(saved)
  const save = useProfileChange(trpc.admin.artisanProfiles.setDescription.mutationOptions(), 'Descrizione salvata')
  const tooLong = text.length > MAX_PUBLIC_DESCRIPTION_LENGTH
  return (
    <Section title="Descrizione pubblica">
      <form
        className="grid gap-2"
        onSubmit={(event) => {
          event.preventDefault()
          save.mutate({ artisanId, description: text })
        }}
      >
        <Label htmlFor={`${id}-description`}>Presentazione (testo semplice, senza telefono né email)</Label>
        <Textarea
          id={`${id}-description`}
          rows={5}
          value={text}
          aria-invalid={tooLong ? true : undefined}
          aria-describedby={`${id}-description-count`}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p id={`${id}-description-count`} className={tooLong ? 'text-sm font-medium text-red-700' : 'text-sm text-muted'}>
            {text.length} / {MAX_PUBLIC_DESCRIPTION_LENGTH} caratteri
          </p>
          <Button type="submit" variant="outline" disabled={save.isPending || tooLong || text === saved}>
            Salva descrizione
          </Button>
        </div>
      </form>
    </Section>
  )
}

const VERIFIED_AT = { vat: 'vat_checked_at', identity: 'identity_checked_at', insurance: 'insurance_checked_at' } as const

function Verifications({ artisanId, data }: { artisanId: number; data: ProfileData }) {
  return (
    <Section title="Verifiche">
      <ul className="grid gap-4">
        {(Object.keys(VERIFICATIONS) as Verification[]).map((kind) => (
          <VerificationRow key={kind} artisanId={artisanId} kind={kind} data={data} />
        ))}
      </ul>
    </Section>
  )
}

function VerificationRow({ artisanId, kind, data }: { artisanId: number; kind: Verification; data: ProfileData }) {
  const trpc = useTRPC()
  const id = useId()
  const [day, setDay] = useState(today)
  const [note, setNote] = useState('')
  const save = useProfileChange(trpc.admin.artisanProfiles.setVerification.mutationOptions(), 'Verifica aggiornata')
  const checkedAt = data.profile?.[VERIFIED_AT[kind]] ?? null
  const blocked = kind === 'vat' && !data.vatValid
  return (
    <li className="grid gap-2 rounded-lg border border-gray-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium">{VERIFICATIONS[kind]}</p>
        {checkedAt ? <Badge variant="success">Sì, il {when(checkedAt)}</Badge> : <Badge>Non registrata</Badge>}
      </div>
      {kind === 'insurance' && checkedAt && data.profile?.insurance_note ? <p className="text-sm">Nota: {data.profile.insurance_note}</p> : null}
      {checkedAt ? (
        <div>
          <Button variant="outline" size="sm" disabled={save.isPending} onClick={() => save.mutate({ artisanId, kind, checked: false })}>
            Annulla verifica
          </Button>
        </div>
      ) : blocked ? (
        <p className="text-sm text-amber-900">{VAT_NOT_VALID}</p>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <DayInput id={`${id}-day`} label="Data della verifica" value={day} onChange={setDay} />
          {kind === 'insurance' ? (
            <div className="grid min-w-48 flex-1 gap-1">
              <Label htmlFor={`${id}-note`}>Nota (compagnia, massimale o scadenza)</Label>
              <Input id={`${id}-note`} value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
            </div>
          ) : null}
          <Button
            variant="outline"
            disabled={save.isPending || !day}
            onClick={() => save.mutate({ artisanId, kind, checked: true, day, ...(kind === 'insurance' ? { note } : {}) })}
          >
            Segna come verificata
          </Button>
        </div>
      )}
    </li>
  )
}

type Photo = ProfileData['photos'][number]

function Photos({ artisanId, photos }: { artisanId: number; photos: Photo[] }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const full = photos.length >= MAX_PORTFOLIO_PHOTOS
  return (
    <Section title="Foto dei lavori">
      <p className="text-sm text-muted">
        {countOf(photos.length, 'foto', 'foto')} su {MAX_PORTFOLIO_PHOTOS}. Ridimensionate e senza dati di posizione (GPS) né altri metadati.
      </p>
      {photos.length ? (
        <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Foto dei lavori">
          {photos.map((photo, index) => (
            <PhotoItem key={photo.id} photo={photo} first={index === 0} last={index === photos.length - 1} position={index + 1} />
          ))}
        </ol>
      ) : null}
      <PhotoUploadForm
        action={`/admin/uploads/artisans/${artisanId}/photos`}
        full={full}
        captionLabel="Didascalia (descrive la foto a chi non la vede)"
        submitLabel="Carica foto"
        fullNote="Hai raggiunto il massimo di foto: rimuovine una per aggiungerne un'altra."
        onUploaded={async () => {
          toast({ title: 'Foto caricata' })
          await queryClient.invalidateQueries({ queryKey: trpc.admin.artisanProfiles.pathKey() })
          await queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
        }}
      />
    </Section>
  )
}

function PhotoItem({ photo, first, last, position }: { photo: Photo; first: boolean; last: boolean; position: number }) {
  const trpc = useTRPC()
  const id = useId()
  const [caption, setCaption] = useState(photo.caption ?? '')
  const move = useProfileChange(trpc.admin.artisanProfiles.movePhoto.mutationOptions(), 'Ordine aggiornato')
  const remove = useProfileChange(trpc.admin.artisanProfiles.removePhoto.mutationOptions(), 'Foto rimossa')
  const saveCaption = useProfileChange(trpc.admin.artisanProfiles.setPhotoCaption.mutationOptions(), 'Didascalia salvata')
  const label = `foto ${position}`
  return (
    <li className="grid content-start gap-2 rounded-lg border border-gray-200 p-2">
      <img
        src={`/admin/artisan-photos/${photo.id}`}
        alt={photo.caption ?? ''}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        className="aspect-[4/3] w-full rounded bg-gray-100 object-cover"
      />
      <form
        className="grid gap-1"
        onSubmit={(event) => {
          event.preventDefault()
          saveCaption.mutate({ photoId: photo.id, caption })
        }}
      >
        <Label htmlFor={`${id}-caption`}>Didascalia della {label}</Label>
        <div className="flex gap-1">
          <Input id={`${id}-caption`} value={caption} maxLength={MAX_PHOTO_CAPTION_LENGTH} onChange={(event) => setCaption(event.target.value)} />
          <Button type="submit" variant="outline" size="sm" className="h-11" disabled={saveCaption.isPending || caption === (photo.caption ?? '')}>
            Salva
          </Button>
        </div>
      </form>
      <div className="flex flex-wrap gap-1">
        <Button variant="outline" size="sm" disabled={first || move.isPending} onClick={() => move.mutate({ photoId: photo.id, direction: 'up' })}>
          <ArrowUpIcon aria-hidden /> Su<span className="sr-only"> la {label}</span>
        </Button>
        <Button variant="outline" size="sm" disabled={last || move.isPending} onClick={() => move.mutate({ photoId: photo.id, direction: 'down' })}>
          <ArrowDownIcon aria-hidden /> Giù<span className="sr-only"> la {label}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm('Rimuovere questa foto dal profilo?')) remove.mutate({ photoId: photo.id })
          }}
        >
          <Trash2Icon aria-hidden /> Rimuovi<span className="sr-only"> la {label}</span>
        </Button>
      </div>
    </li>
  )
}
