import { useMutation } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { useEffect } from 'react'
import { serverMessage } from '#src/lib/server-errors.ts'
import { SITE_NAME } from '#src/lib/site.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ArtisanForm, formValues } from './-components/artisan-form.tsx'
import { ArtisanFormPage, ArtisanLoading, useArtisan, useRefreshArtisans } from './-components/artisan-page.tsx'
import { ArtisanLoadError } from './-components/load-error.tsx'

export const Route = createFileRoute('/admin/artisans/edit/$artisanId')({
  head: () => ({ meta: [{ title: `Modifica Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: EditArtisanPage,
})

function EditArtisanPage() {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const refreshArtisans = useRefreshArtisans()
  const { id, data, loadError } = useArtisan(Route.useParams().artisanId)

  useEffect(() => {
    if (loadError) toast({ title: 'Errore Caricamento', description: loadError, variant: 'destructive' })
  }, [loadError])

  const update = useMutation(
    trpc.admin.artisans.update.mutationOptions({
      onSuccess: async (saved) => {
        toast({ title: 'Artigiano Aggiornato!', description: `I dati di ${saved.contact_name} sono stati salvati.` })
        await refreshArtisans()
        await navigate({ to: '/admin/artisans' })
      },
      onError: (error) =>
        toast({ title: 'Errore Aggiornamento', description: serverMessage(error, "Impossibile aggiornare l'artigiano."), variant: 'destructive' }),
    }),
  )

  if (loadError) return <ArtisanLoadError message={loadError} />
  if (!data) return <ArtisanLoading />
  return (
    <ArtisanFormPage title="Modifica Artigiano">
      <ArtisanForm
        key={data.artisan.updated_at}
        defaultValues={formValues(data.artisan)}
        submitLabel="Salva Modifiche"
        pending={update.isPending}
        onSubmit={(values) => update.mutate({ id, values })}
      />
    </ArtisanFormPage>
  )
}
