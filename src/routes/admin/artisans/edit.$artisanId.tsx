import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import { useEffect } from 'react'
import { serverMessage } from '#src/components/admin/server-message.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { SITE_NAME } from '#src/lib/site.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ArtisanForm } from './-components/artisan-form.tsx'
import { ArtisanLoadError } from './-components/load-error.tsx'

export const Route = createFileRoute('/admin/artisans/edit/$artisanId')({
  head: () => ({ meta: [{ title: `Modifica Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: EditArtisanPage,
})

const LOAD_FAILED = "Impossibile caricare i dati dell'artigiano."

function EditArtisanPage() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const id = Number(Route.useParams().artisanId)
  const valid = Number.isInteger(id) && id > 0
  const artisan = useQuery({ ...trpc.admin.artisans.byId.queryOptions({ id }), enabled: valid, retry: false })
  const loadError = !valid ? 'Artigiano non trovato.' : artisan.isError ? serverMessage(artisan.error, LOAD_FAILED) : null

  useEffect(() => {
    if (loadError) toast({ title: 'Errore Caricamento', description: loadError, variant: 'destructive' })
  }, [loadError])

  const update = useMutation(
    trpc.admin.artisans.update.mutationOptions({
      onSuccess: async (saved) => {
        toast({ title: 'Artigiano Aggiornato!', description: `I dati di ${saved.contact_name} sono stati salvati.` })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.pathKey() })
        await navigate({ to: '/admin/artisans' })
      },
      onError: (error) =>
        toast({ title: 'Errore Aggiornamento', description: serverMessage(error, "Impossibile aggiornare l'artigiano."), variant: 'destructive' }),
    }),
  )

  if (loadError) return <ArtisanLoadError message={loadError} />
  if (!artisan.data) {
    return (
      <p className="py-12 text-center text-muted" role="status">
        Caricamento dati artigiano...
      </p>
    )
  }
  const current = artisan.data.artisan
  return (
    <div className="mx-auto grid max-w-4xl gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/artisans">
            <ArrowLeftIcon aria-hidden /> Torna alla lista
          </Link>
        </Button>
        <h1 className="text-2xl font-bold">Modifica Artigiano</h1>
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <ArtisanForm
            key={current.updated_at}
            defaultValues={{
              contact_name: current.contact_name,
              company_name: current.company_name ?? '',
              vat_number: current.vat_number ?? '',
              email: current.email,
              phone: current.phone,
              specialization_sectors: current.specialization_sectors,
              operative_zones: current.operative_zones.join(', '),
              status: current.status,
              is_verified: current.is_verified,
              profile_image_url: current.profile_image_url ?? '',
              notes: current.notes ?? '',
            }}
            submitLabel="Salva Modifiche"
            pending={update.isPending}
            onSubmit={(values) => update.mutate({ id, values })}
          />
        </CardContent>
      </Card>
    </div>
  )
}
