import { useMutation } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { toastServerError } from '#src/lib/server-errors.ts'
import { SITE_NAME } from '#src/lib/seo-head.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ArtisanForm, EMPTY_ARTISAN } from './-components/artisan-form.tsx'
import { ArtisanFormPage, useArtisanSaved } from './-components/artisan-page.tsx'

export const Route = createFileRoute('/admin/artisans/add')({
  head: () => ({ meta: [{ title: `Aggiungi Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: AddArtisanPage,
})

function AddArtisanPage() {
  const trpc = useTRPC()
  const saved = useArtisanSaved()
  const create = useMutation(
    trpc.admin.artisans.create.mutationOptions({
      onSuccess: (artisan) => saved('Artigiano Aggiunto!', `${artisan.contact_name} è stato aggiunto con successo.`),
      onError: toastServerError('Errore Creazione Artigiano', "Impossibile aggiungere l'artigiano."),
    }),
  )
  return (
    <ArtisanFormPage title="Aggiungi Nuovo Artigiano">
      <ArtisanForm defaultValues={EMPTY_ARTISAN} submitLabel="Aggiungi Artigiano" pending={create.isPending} onSubmit={(values) => create.mutate(values)} />
    </ArtisanFormPage>
  )
}
