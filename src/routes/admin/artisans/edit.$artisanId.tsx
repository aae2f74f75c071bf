import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { useEffect } from 'react'
import { toastServerError } from '#src/lib/server-errors.ts'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ArtisanForm, formValues } from './-components/artisan-form.tsx'
import { ArtisanFormPage, ArtisanLoading, useArtisan, useArtisanSaved } from './-components/artisan-page.tsx'
import { ArtisanLoadError } from './-components/load-error.tsx'

export const Route = createFileRoute('/admin/artisans/edit/$artisanId')({
  head: () => ({ meta: [{ title: `Modifica Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: EditArtisanPage,
})

function EditArtisanPage() {
  const { id, data, loadError } = useArtisan(Route.useParams().artisanId)
  const trpc = useTRPC()
  const saved = useArtisanSaved()

  useEffect(() => {
    if (loadError) toast({ title: 'Errore Caricamento', description: loadError, variant: 'destructive' })
  }, [loadError])

  const update = useMutation(
    trpc.admin.artisans.update.mutationOptions({
      onSuccess: (artisan) => saved('Artigiano Aggiornato!', `I dati di ${artisan.contact_name} sono stati salvati.`),
      onError: toastServerError('Errore Aggiornamento', "Impossibile aggiornare l'artigiano."),
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
