import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import { BarChart3Icon, BellIcon, CalendarOffIcon, InboxIcon, LogOutIcon, MapPinIcon, StarIcon, UserIcon } from 'lucide-react'
import { type ReactNode, useEffect } from 'react'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { Button } from '../ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx'

const NAV = [
  { to: '/artigiano/offerte', label: 'Offerte', icon: InboxIcon },
  { to: '/artigiano/disponibilita', label: 'Disponibilità', icon: CalendarOffIcon },
  { to: '/artigiano/zone', label: 'Zone', icon: MapPinIcon },
  { to: '/artigiano/profilo', label: 'Profilo', icon: UserIcon },
  { to: '/artigiano/recensioni', label: 'Recensioni', icon: StarIcon },
  { to: '/artigiano/numeri', label: 'I tuoi numeri', icon: BarChart3Icon },
  { to: '/artigiano/notifiche', label: 'Notifiche', icon: BellIcon },
] as const

/** The area's frame: made for a phone first, the sections one tap away in a bar that scrolls sideways. */
export function AreaShell({ name, email, children }: { name: string; email: string; children: ReactNode }) {
  useSignInWhenSessionEnds()
  return (
    <div className="min-h-screen bg-gray-50">
      <a href="#contenuto" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        Vai al contenuto
      </a>
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between gap-3 px-4">
          <Link to="/artigiano/offerte" className="flex min-w-0 items-center gap-2 font-bold text-ink">
            <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-md bg-brand-600 text-sm text-white" aria-hidden>
              AM
            </span>
            <span className="truncate">Area artigiani</span>
          </Link>
          <AccountMenu name={name} email={email} />
        </div>
        <nav aria-label="Sezioni dell'area artigiani" className="mx-auto max-w-4xl overflow-x-auto px-2">
          <ul className="flex gap-1 whitespace-nowrap">
            {NAV.map(({ to, label, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="flex min-h-11 items-center gap-1.5 border-b-2 border-transparent px-3 text-sm font-medium text-gray-700 hover:text-ink"
                  activeProps={{ className: 'border-brand-600 text-brand-700', 'aria-current': 'page' }}
                >
                  <Icon className="size-4" aria-hidden />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="contenuto" className="mx-auto max-w-4xl px-4 py-5">
        {children}
      </main>
    </div>
  )
}

function AccountMenu({ name, email }: { name: string; email: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signedOut = async () => {
    queryClient.setQueryData(trpc.area.session.me.queryKey(), null)
    await navigate({ to: '/artigiano/accedi', replace: true })
    // Only once the page is gone: emptied under it, the page's next render asks its data again, and is refused (401).
    queryClient.clear()
    queryClient.setQueryData(trpc.area.session.me.queryKey(), null)
  }
  const failed = () => toast({ title: 'Uscita non riuscita', description: 'Riprova tra qualche istante.', variant: 'destructive' })
  const signOut = useMutation(
    trpc.area.session.signOut.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Sei uscito dall’area artigiani' })
        await signedOut()
      },
      onError: failed,
    }),
  )
  const signOutEverywhere = useMutation(
    trpc.area.session.signOutEverywhere.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Sei uscito da tutti i dispositivi', description: 'Per rientrare ti basta chiedere un nuovo link di accesso.' })
        await signedOut()
      },
      onError: failed,
    }),
  )
  const busy = signOut.isPending || signOutEverywhere.isPending
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-11 max-w-[55%] gap-2 px-2" aria-label={`Menu di ${name}`}>
          <UserIcon className="size-5 shrink-0" aria-hidden />
          <span className="hidden truncate text-sm font-medium sm:inline">{name}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate font-medium text-ink">{name}</span>
          <span className="block truncate text-muted">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut.mutate()} disabled={busy}>
          <LogOutIcon aria-hidden />
          Esci
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOutEverywhere.mutate()} disabled={busy}>
          <LogOutIcon aria-hidden />
          Esci da tutti i dispositivi
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** A session that ends while a page is open (signed out elsewhere, removed by the office) sends the craftsman to the sign-in. */
function useSignInWhenSessionEnds() {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  useEffect(() => {
    const onError = (error: unknown) => {
      if (!(error instanceof TRPCClientError) || (error.data as { code?: string } | undefined)?.code !== 'UNAUTHORIZED') return
      queryClient.setQueryData(trpc.area.session.me.queryKey(), null)
      const { pathname, href } = router.state.location
      if (pathname.startsWith('/artigiano/accedi')) return
      void router.navigate({ to: '/artigiano/accedi', search: { redirect: href }, replace: true })
    }
    const queries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    const mutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') onError(event.action.error)
    })
    return () => {
      queries()
      mutations()
    }
  }, [queryClient, router, trpc])
}
