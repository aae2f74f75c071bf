import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import {
  ChartColumnIcon,
  HammerIcon,
  HomeIcon,
  LogOutIcon,
  MailIcon,
  MenuIcon,
  MessageSquareTextIcon,
  ReceiptTextIcon,
  StarIcon,
  UserPenIcon,
  UsersIcon,
} from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useSignInWhenSessionEnds } from '#src/lib/session-ends.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { Button } from '../ui/button.tsx'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger } from '../ui/dropdown-menu.tsx'
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../ui/sheet.tsx'
import { InitialsAvatar } from './initials-avatar.tsx'

const NAV = [
  { to: '/admin/dashboard', label: 'Home Page', icon: HomeIcon },
  { to: '/admin/artisans', label: 'Artigiani', icon: HammerIcon },
  { to: '/admin/leads', label: 'Preventivi', icon: ReceiptTextIcon },
  { to: '/admin/users', label: 'Clienti Univoci', icon: UsersIcon },
  { to: '/admin/messages', label: 'Messaggi', icon: MessageSquareTextIcon },
  { to: '/admin/reviews', label: 'Recensioni', icon: StarIcon },
  { to: '/admin/reviews/profile-changes', label: 'Modifiche profilo', icon: UserPenIcon },
  { to: '/admin/newsletter', label: 'Newsletter', icon: MailIcon },
  { to: '/admin/statistics', label: 'Statistiche', icon: ChartColumnIcon },
] as const

function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const trpc = useTRPC()
  const unread = useQuery(trpc.admin.messages.unread.queryOptions()).data?.unread ?? 0
  const toModerate = useQuery(trpc.admin.reviews.waiting.queryOptions()).data?.waiting ?? 0
  const toApprove = useQuery(trpc.admin.profileChanges.waiting.queryOptions()).data?.waiting ?? 0
  return (
    <nav aria-label="Area riservata" className="grid gap-1 p-3">
      {NAV.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium text-gray-700 hover:bg-gray-100 hover:text-ink"
          activeProps={{ className: 'bg-brand-50 text-brand-700 hover:bg-brand-50 hover:text-brand-700', 'aria-current': 'page' }}
          // The reviews' entry is not lit on the profile changes' page beneath it.
          activeOptions={{ exact: to === '/admin/reviews', includeSearch: false }}
        >
          <Icon className="size-5" aria-hidden />
          {label}
          {to === '/admin/messages' && unread > 0 ? <WaitingCount count={unread} what="da leggere" /> : null}
          {to === '/admin/reviews' && toModerate > 0 ? <WaitingCount count={toModerate} what="da moderare" /> : null}
          {to === '/admin/reviews/profile-changes' && toApprove > 0 ? <WaitingCount count={toApprove} what="da approvare" /> : null}
        </Link>
      ))}
    </nav>
  )
}

/** Beside a section's entry, how many wait there; `what` says for what to a screen reader ("da leggere"). */
function WaitingCount({ count, what }: { count: number; what: string }) {
  return (
    <span className="ml-auto rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-900">
      {count}
      <span className="sr-only">{` ${what}`}</span>
    </span>
  )
}

function Brand() {
  return (
    <Link to="/admin/dashboard" className="flex h-16 items-center gap-2 border-b border-gray-200 px-5 font-bold text-ink">
      <span className="inline-flex size-8 items-center justify-center rounded-md bg-brand-600 text-white" aria-hidden>
        AM
      </span>
      Area Riservata
    </Link>
  )
}

function UserMenu({ email }: { email: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const signOut = useMutation(
    trpc.admin.auth.signOut.mutationOptions({
      onSuccess: async () => {
        queryClient.setQueryData(trpc.admin.auth.me.queryKey(), null)
        toast({ title: 'Disconnesso' })
        await navigate({ to: '/admin', replace: true })
        queryClient.removeQueries({
          predicate: (query) => JSON.stringify(query.queryKey[0]).includes('admin') && !JSON.stringify(query.queryKey[0]).includes('auth'),
        })
      },
      onError: () => toast({ title: 'Errore Logout', description: 'Impossibile effettuare il logout.', variant: 'destructive' }),
    }),
  )
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="h-11 gap-2 px-2" aria-label={`Menu utente di ${email}`}>
          <InitialsAvatar email={email} />
          <span className="hidden max-w-48 truncate text-sm font-medium sm:inline">{email}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate font-normal text-muted">{email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/admin/update-password">Cambia password</Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOutIcon aria-hidden />
          Log Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** A session that ends while a page is open sends to the sign-in, to come back here (src/lib/session-ends.ts). */
function useSignInOnSessionEnd() {
  const trpc = useTRPC()
  useSignInWhenSessionEnds({
    me: trpc.admin.auth.me.queryKey(),
    isSignInPage: (pathname) => pathname === '/admin' || pathname === '/admin/',
    signIn: '/admin',
  })
}

/** The back-office frame: sidebar on wide screens, a drawer on phones, the user menu on top. */
export function AdminShell({ email, children }: { email: string; children: ReactNode }) {
  const [drawerOpen, setDrawerOpen] = useState(false)
  useSignInOnSessionEnd()
  return (
    <div className="flex min-h-screen bg-gray-50">
      <aside className="sticky top-0 hidden h-screen w-64 shrink-0 border-r border-gray-200 bg-white lg:block">
        <Brand />
        <NavLinks />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-16 items-center justify-between gap-2 border-b border-gray-200 bg-white px-3 sm:px-6">
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Apri menu">
                <MenuIcon className="size-6" aria-hidden />
              </Button>
            </SheetTrigger>
            <SheetContent>
              <SheetTitle className="sr-only">Menu dell'area riservata</SheetTitle>
              <SheetDescription>Collegamenti alle sezioni dell'area riservata</SheetDescription>
              <Brand />
              <NavLinks onNavigate={() => setDrawerOpen(false)} />
            </SheetContent>
          </Sheet>
          <span className="font-semibold text-ink lg:hidden">Artigiani Milano</span>
          <span className="hidden text-sm text-muted lg:inline">Artigiani Milano · gestione</span>
          <UserMenu email={email} />
        </header>
        <main id="contenuto" className="min-w-0 flex-1 p-3 sm:p-6">
          {children}
        </main>
      </div>
    </div>
  )
}
