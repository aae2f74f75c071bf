import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import { serverMessage } from '#src/components/admin/server-message.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { SITE_NAME } from '#src/lib/site.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { ArtisanForm, EMPTY_ARTISAN } from './-components/artisan-form.tsx'

export const Route = createFileRoute('/admin/artisans/add')({
  head: () => ({ meta: [{ title: `Aggiungi Artigiano - Area Riservata - ${SITE_NAME}` }] }),
  component: AddArtisanPage,
})

function AddArtisanPage() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const create = useMutation(
    trpc.admin.artisans.create.mutationOptions({
      onSuccess: async (artisan) => {
        toast({ title: 'Artigiano Aggiunto!', description: `${artisan.contact_name} è stato aggiunto con successo.` })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
        await queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.pathKey() })
        await navigate({ to: '/admin/artisans' })
      },
      onError: (error) =>
        toast({ title: 'Errore Creazione Artigiano', description: serverMessage(error, "Impossibile aggiungere l'artigiano."), variant: 'destructive' }),
    }),
  )
  return (
    <div className="mx-auto grid max-w-4xl gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="outline" size="sm">
          <Link to="/admin/artisans">
            <ArrowLeftIcon aria-hidden /> Torna alla lista
          </Link>
        </Button>
        <h1 className="text-2xl font-bold">Aggiungi Nuovo Artigiano</h1>
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">
          <ArtisanForm defaultValues={EMPTY_ARTISAN} submitLabel="Aggiungi Artigiano" pending={create.isPending} onSubmit={(values) => create.mutate(values)} />
        </CardContent>
      </Card>
    </div>
  )
}
