import { useMutation, useQuery } from '@tanstack/react-query'
import { LogOutIcon } from 'lucide-react'
import { QueryView } from '#src/components/admin/list-screen.tsx'
import { ConfirmDialog } from '#src/components/admin/confirm-dialog.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { formatMediumDateTime } from '#shared/italian-time.ts'
import { countOf } from '#shared/plural.ts'
import { useRefreshArtisans } from './artisan-page.tsx'
import { SendSignInLink } from './send-sign-in-link.tsx'

/** 'Area artigiani': when the craftsman last signed in to their area, on how many devices, and ending every session. */
export function AreaAccess({ artisan }: { artisan: { id: number; contact_name: string } }) {
  const trpc = useTRPC()
  const refreshArtisans = useRefreshArtisans()
  const access = useQuery(trpc.admin.artisans.areaAccess.queryOptions({ id: artisan.id }))
  const end = useMutation(
    trpc.admin.artisans.endAreaSessions.mutationOptions({
      onSuccess: async ({ ended }) => {
        toast({
          title: 'Sessioni terminate',
          description: `${artisan.contact_name} è uscito da ${countOf(ended, 'dispositivo', 'dispositivi')}: per rientrare dovrà chiedere un nuovo link.`,
        })
        await refreshArtisans()
      },
      onError: () => toast({ title: 'Sessioni non terminate', description: 'Riprova tra qualche istante.', variant: 'destructive' }),
    }),
  )
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none">Area artigiani</h2>
        <CardDescription>L’accesso dell’artigiano alla sua area con il link per e-mail</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryView query={access} loading="Caricamento accessi..." failed="Impossibile caricare gli accessi all’area." spacing="py-2">
          {({ lastSignInAt, sessions }) => (
            <div className="flex flex-wrap items-end justify-between gap-4">
              <dl className="grid gap-1 text-sm">
                <div className="flex flex-wrap gap-x-1">
                  <dt>Ultimo accesso all’area:</dt>
                  <dd className="font-medium">{lastSignInAt ? formatMediumDateTime(lastSignInAt) : 'Mai'}</dd>
                </div>
                <div className="flex flex-wrap gap-x-1">
                  <dt>Dispositivi collegati:</dt>
                  <dd className="font-medium">{sessions ? countOf(sessions, 'dispositivo', 'dispositivi') : 'nessuno'}</dd>
                </div>
              </dl>
              <div className="flex flex-wrap gap-2">
                <SendSignInLink artisanId={artisan.id} />
                <ConfirmDialog
                  trigger={
                    <Button variant="outline" disabled={sessions === 0 || end.isPending}>
                      <LogOutIcon aria-hidden /> Termina tutte le sessioni
                    </Button>
                  }
                  pending={end.isPending}
                  confirmLabel="Termina le sessioni"
                  pendingLabel="Chiusura..."
                  onConfirm={() => end.mutate({ id: artisan.id })}
                  description={
                    <>
                      <strong>{artisan.contact_name}</strong> uscirà dall’area artigiani su tutti i dispositivi: alla prossima azione gli verrà chiesto di
                      accedere di nuovo con un link per e-mail.
                    </>
                  }
                />
              </div>
            </div>
          )}
        </QueryView>
      </CardContent>
    </Card>
  )
}
