import { useMutation } from '@tanstack/react-query'
import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { serverMessage } from '#src/lib/server-errors.ts'
import { SITE_NAME } from '#src/lib/site.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ArtisanForm, EMPTY_ARTISAN } from './-components/artisan-form.tsx'
import { ArtisanFormPage, useRefreshArtisans } from './-components/artisan-page.tsx'

export const Route = createFileRoute('/admin/artisans/add')({
  head: () => ({ meta: [{ title: `Aggiungi Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: AddArtisanPage,
})

function AddArtisanPage() {
  const trpc = useTRPC()
  const navigate = useNavigate()
  const refreshArtisans = useRefreshArtisans()
  const create = useMutation(
    trpc.admin.artisans.create.mutationOptions({
      onSuccess: async (artisan) => {
        toast({ title: 'Artigiano Aggiunto!', description: `${artisan.contact_name} è stato aggiunto con successo.` })
        await refreshArtisans()
        await navigate({ to: '/admin/artisans' })
      },
      onError: (error) =>
        toast({ title: 'Errore Creazione Artigiano', description: serverMessage(error, "Impossibile aggiungere l'artigiano."), variant: 'destructive' }),
    }),
  )
  return (
    <ArtisanFormPage title="Aggiungi Nuovo Artigiano">
      <ArtisanForm defaultValues={EMPTY_ARTISAN} submitLabel="Aggiungi Artigiano" pending={create.isPending} onSubmit={(values) => create.mutate(values)} />
    </ArtisanFormPage>
  )
}
