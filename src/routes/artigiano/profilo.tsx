import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import type { inferRouterOutputs } from '@trpc/server'
import { ArrowDownIcon, ArrowUpIcon, ClockIcon, ExternalLinkIcon, Trash2Icon, UndoIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { AreaPage } from '#src/components/area/area-page.tsx'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { PhotoUploadForm } from '#src/components/photo-upload-form.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { serverMessage, toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { prefetch } from '#src/lib/admin-handle.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import { formatDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { MAX_PUBLIC_DESCRIPTION_LENGTH } from '#shared/reviews.ts'
import { PROFILE_CHANGE_KINDS, proposeDescriptionInput } from '#shared/schemas/artisan-area-profile.ts'
import { CountedTextarea } from './-components/counted-textarea.tsx'

export const Route = createFileRoute('/artigiano/profilo')({
  loader: ({ context }) => prefetch(context.admin, (trpc) => trpc.area.profile.get.queryOptions()),
  component: ProfilePage,
})

type Profile = inferRouterOutputs<AppRouter>['area']['profile']['get']
type Change = Profile['pending'][number]

/** Every change moves the page's data: refetched after each. */
function useRefresh() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: trpc.area.profile.get.queryKey() })
}

/** "Profilo": what the public page shows, and what the craftsman proposes for it (docs/product.md §11). */
function ProfilePage() {
  return (
    <AreaPage
      title="Profilo"
      intro="La nuova descrizione e le nuove foto vanno online dopo l’approvazione dell’ufficio. Le foto che togli e l’ordine che scegli valgono subito."
      options={(trpc) => trpc.area.profile.get.queryOptions()}
      failed="Impossibile caricare il tuo profilo."
    >
      {(data) => (
        <>
          <PublicState profile={data} />
          <Description profile={data} />
          <Photos profile={data} />
          {data.refused.length ? <Refused changes={data.refused} /> : null}
        </>
      )}
    </AreaPage>
  )
}

function PublicState({ profile }: { profile: Profile }) {
  return (
    <Card>
      <CardContent className="grid gap-2">
        {profile.publicPath ? (
          <>
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              Il tuo profilo è pubblico <Badge variant="success">Pubblicato</Badge>
            </p>
            <a
              href={profile.publicPath}
              target="_blank"
              rel="noopener"
              className="inline-flex min-h-11 items-center gap-1.5 justify-self-start font-medium text-brand-700 underline underline-offset-4"
            >
              Vedi il profilo pubblico <ExternalLinkIcon className="size-4" aria-hidden />
              <span className="sr-only">(si apre in una nuova scheda)</span>
            </a>
          </>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
              Il tuo profilo non è ancora pubblico <Badge>Non pubblicato</Badge>
            </p>
            <p className="text-sm text-muted">
              {profile.consent
                ? 'L’ufficio lo pubblica dopo le verifiche. Intanto puoi preparare descrizione e foto.'
                : 'L’ufficio lo pubblica con il tuo consenso: chiedilo all’ufficio. Intanto puoi preparare descrizione e foto.'}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  )
}

/** "In attesa di approvazione" with Ritira: a change the office has not decided yet. */
function Waiting({ change, label }: { change: Change; label: string }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const withdraw = useMutation(
    trpc.area.profile.withdraw.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Modifica ritirata' })
        await refresh()
      },
      onError: toastServerError('Modifica non ritirata', 'Impossibile ritirare la modifica. Riprova.'),
    }),
  )
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Badge variant="warning">
        <ClockIcon className="mr-1 size-3.5" aria-hidden />
        In attesa di approvazione
      </Badge>
      <span className="text-sm text-muted">inviata il {formatDateTime(change.created_at)}</span>
      <Button variant="ghost" size="sm" className="h-11" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ changeId: change.id })}>
        <UndoIcon aria-hidden /> Ritira<span className="sr-only"> {label}</span>
      </Button>
    </div>
  )
}

function Description({ profile }: { profile: Profile }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const id = useId()
  const waiting = profile.pending.find((change) => change.kind === 'description')
  const [text, setText] = useState(waiting?.text ?? profile.description ?? '')
  const [error, setError] = useState<string | null>(null)
  const propose = useMutation(
    trpc.area.profile.proposeDescription.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Descrizione inviata all’ufficio', description: 'Va online quando l’ufficio la approva.' })
        setError(null)
        await refresh()
      },
      onError: (e) => setError(serverMessage(e, 'Impossibile inviare la descrizione. Riprova.')),
    }),
  )
  return (
    <Card>
      <CardContent className="grid gap-3">
        <h2 className="font-semibold text-ink">Descrizione</h2>
        <div className="grid gap-1">
          <p className="text-sm font-medium text-gray-700">Sul profilo pubblico ora</p>
          {profile.description ? (
            <p className="whitespace-pre-wrap rounded-md bg-gray-50 p-3 text-sm text-ink [overflow-wrap:anywhere]">{profile.description}</p>
          ) : (
            <p className="text-sm italic text-muted">Nessuna descrizione.</p>
          )}
        </div>
        {waiting ? (
          <div className="grid gap-1 rounded-md border border-amber-200 bg-amber-50 p-3">
            <p className="text-sm font-medium text-amber-900">La tua proposta</p>
            <p className="whitespace-pre-wrap text-sm text-ink [overflow-wrap:anywhere]">{waiting.text}</p>
            <Waiting change={waiting} label="la descrizione" />
          </div>
        ) : null}
        <form
          noValidate
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault()
            const parsed = proposeDescriptionInput.safeParse({ description: text })
            if (!parsed.success) return setError(parsed.error.issues[0]!.message)
            propose.mutate(parsed.data)
          }}
        >
          <CountedTextarea
            id={id}
            field="text"
            rows={6}
            max={MAX_PUBLIC_DESCRIPTION_LENGTH}
            label={waiting ? 'Cambia la proposta' : 'Proponi una nuova descrizione'}
            hint="Testo semplice: cosa fai, dove, da quanto. Niente telefono, e-mail o link."
            value={text}
            onChange={setText}
            error={error}
          />
          <Button type="submit" className="min-h-11 justify-self-start" disabled={propose.isPending}>
            {propose.isPending ? 'Invio...' : 'Invia all’ufficio'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function Photos({ profile }: { profile: Profile }) {
  const refresh = useRefresh()
  const waiting = profile.pending.filter((change) => change.kind === 'photo')
  const full = profile.photoCount >= profile.maxPhotos
  return (
    <Card>
      <CardContent className="grid gap-3">
        <h2 className="font-semibold text-ink">Foto dei lavori</h2>
        <p className="text-sm text-muted">
          {countOf(profile.photoCount, 'foto', 'foto')} su {profile.maxPhotos}, comprese quelle in attesa. Le ridimensioniamo e togliamo la posizione (GPS) e
          gli altri dati nascosti.
        </p>
        {profile.photos.length ? (
          <ol className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Foto sul profilo pubblico">
            {profile.photos.map((photo, index) => (
              <PublishedPhoto key={photo.id} photo={photo} position={index + 1} last={index === profile.photos.length - 1} />
            ))}
          </ol>
        ) : (
          <p className="text-sm italic text-muted">Nessuna foto sul profilo pubblico.</p>
        )}
        {waiting.length ? (
          <>
            <h3 className="text-sm font-semibold text-ink">In attesa di approvazione</h3>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Foto in attesa di approvazione">
              {waiting.map((change, index) => (
                <li key={change.id} className="grid content-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-2">
                  <img
                    src={change.photoPath!}
                    alt={change.photo_caption ?? ''}
                    width={change.photo_width ?? undefined}
                    height={change.photo_height ?? undefined}
                    loading="lazy"
                    className="aspect-[4/3] w-full rounded bg-gray-100 object-cover"
                  />
                  {change.photo_caption ? <p className="text-sm text-ink [overflow-wrap:anywhere]">{change.photo_caption}</p> : null}
                  <Waiting change={change} label={`la foto in attesa ${index + 1}`} />
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <PhotoUploadForm
          action="/artigiano/uploads/photos"
          full={full}
          captionLabel="Didascalia (cosa si vede: descrive la foto a chi non la vede)"
          submitLabel="Invia la foto all’ufficio"
          fullNote="Hai raggiunto il massimo di foto: rimuovine una per aggiungerne un’altra."
          touch
          onUploaded={async () => {
            toast({ title: 'Foto inviata all’ufficio', description: 'Va online quando l’ufficio la approva.' })
            await refresh()
          }}
        />
      </CardContent>
    </Card>
  )
}

function PublishedPhoto({ photo, position, last }: { photo: Profile['photos'][number]; position: number; last: boolean }) {
  const trpc = useTRPC()
  const refresh = useRefresh()
  const [removing, setRemoving] = useState(false)
  const options = (title: string) => ({
    onSuccess: async () => {
      toast({ title })
      setRemoving(false)
      await refresh()
    },
    onError: toastServerError('Foto non aggiornata', 'Impossibile aggiornare la foto. Riprova.'),
  })
  const move = useMutation(trpc.area.profile.movePhoto.mutationOptions(options('Ordine aggiornato')))
  const remove = useMutation(trpc.area.profile.removePhoto.mutationOptions(options('Foto tolta dal profilo')))
  const label = `foto ${position}`
  return (
    <li className="grid content-start gap-2 rounded-lg border border-gray-200 p-2">
      <img
        src={photo.path}
        alt={photo.caption ?? ''}
        width={photo.width}
        height={photo.height}
        loading="lazy"
        className="aspect-[4/3] w-full rounded bg-gray-100 object-cover"
      />
      {photo.caption ? <p className="text-sm text-ink [overflow-wrap:anywhere]">{photo.caption}</p> : null}
      <div className="flex flex-wrap gap-1">
        <Button
          variant="outline"
          size="sm"
          className="h-11"
          disabled={position === 1 || move.isPending}
          onClick={() => move.mutate({ photoId: photo.id, direction: 'up' })}
        >
          <ArrowUpIcon aria-hidden /> Su<span className="sr-only"> la {label}</span>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="h-11"
          disabled={last || move.isPending}
          onClick={() => move.mutate({ photoId: photo.id, direction: 'down' })}
        >
          <ArrowDownIcon aria-hidden /> Giù<span className="sr-only"> la {label}</span>
        </Button>
        <Button variant="outline" size="sm" className="h-11 text-red-800" onClick={() => setRemoving(true)}>
          <Trash2Icon aria-hidden /> Togli<span className="sr-only"> la {label}</span>
        </Button>
      </div>
      <ConfirmDialog
        open={removing}
        onClose={() => setRemoving(false)}
        title="Togliere la foto?"
        description="La foto sparisce subito dal tuo profilo pubblico. Per rimetterla dovrai caricarla di nuovo e attendere l’approvazione."
        confirmLabel="Togli la foto"
        pendingLabel="Rimozione..."
        pending={remove.isPending}
        onConfirm={() => remove.mutate({ photoId: photo.id })}
      />
    </li>
  )
}

function Refused({ changes }: { changes: Profile['refused'] }) {
  return (
    <Card>
      <CardContent className="grid gap-3">
        <h2 className="font-semibold text-ink">Modifiche non approvate</h2>
        <ul className="grid gap-3">
          {changes.map((change) => (
            <li key={change.id} className="grid gap-1 rounded-md border border-red-200 bg-red-50 p-3 text-sm">
              <p className="font-medium text-red-900">
                {PROFILE_CHANGE_KINDS[change.kind]} · rifiutata il {formatDateTime(change.decided_at!)}
              </p>
              {change.kind === 'description' ? (
                <p className="line-clamp-3 whitespace-pre-wrap text-ink [overflow-wrap:anywhere]">{change.text}</p>
              ) : change.photo_caption ? (
                <p className="text-ink [overflow-wrap:anywhere]">Foto: {change.photo_caption}</p>
              ) : null}
              <p className="text-ink [overflow-wrap:anywhere]">
                <span className="font-medium">Motivo:</span> {change.refusal_reason}
              </p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
