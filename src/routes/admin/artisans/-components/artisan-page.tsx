import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'

export function BackToList({ variant = 'outline', size = 'sm' }: { variant?: 'outline' | 'default'; size?: 'sm' | 'default' }) {
  return (
    <Button asChild variant={variant} size={size}>
      <Link to="/admin/artisans">
        <ArrowLeftIcon aria-hidden /> Torna alla lista
      </Link>
    </Button>
  )
}

/** The add and edit screens: the way back, the title, and the form in a card. */
export function ArtisanFormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto grid max-w-4xl gap-5">
      <div className="flex flex-wrap items-center gap-3">
        <BackToList />
        <h1 className="text-2xl font-bold">{title}</h1>
      </div>
      <Card>
        <CardContent className="p-4 sm:p-6">{children}</CardContent>
      </Card>
    </div>
  )
}

export function ArtisanLoading() {
  return (
    <p className="py-12 text-center text-muted" role="status">
      Caricamento dati artigiano...
    </p>
  )
}

/** The artisan of the address `/admin/artisans/…/$artisanId`, and why it cannot be shown, if it cannot. */
export function useArtisan(artisanId: string) {
  const trpc = useTRPC()
  const id = Number(artisanId)
  const valid = Number.isInteger(id) && id > 0
  const query = useQuery({ ...trpc.admin.artisans.byId.queryOptions({ id }), enabled: valid, retry: false })
  const loadError = !valid ? 'Artigiano non trovato.' : query.isError ? serverMessage(query.error, "Impossibile caricare i dati dell'artigiano.") : null
  return { id, data: query.data, loadError }
}

/** After a change to an artisan: the list, the detail pages and the dashboard's counts are read again. */
export function useRefreshArtisans() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  return async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.admin.artisans.pathKey() })
    await queryClient.invalidateQueries({ queryKey: trpc.admin.dashboard.pathKey() })
  }
}

/** After the add or edit form is saved: the toast, the artisans read again, and back to the list. */
export function useArtisanSaved() {
  const navigate = useNavigate()
  const refreshArtisans = useRefreshArtisans()
  return async (title: string, description: string) => {
    toast({ title, description })
    await refreshArtisans()
    await navigate({ to: '/admin/artisans' })
  }
}
