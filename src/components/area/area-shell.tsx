import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useRouterState } from '@tanstack/react-router'
import { BarChart3Icon, BellIcon, CalendarOffIcon, InboxIcon, LogOutIcon, MapPinIcon, StarIcon, UserIcon } from 'lucide-react'
import { type ReactNode, useEffect, useId, useRef, useState } from 'react'
import { useSignInWhenSessionEnds } from '#src/lib/session-ends.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { Button } from '../ui/button.tsx'

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
  useSignInOnSessionEnd()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  // The section shown stays in sight in the sideways bar of a phone ("Notifiche" is past its edge at 375 px).
  useEffect(() => {
    document.querySelector(`[data-area-nav] a[href="${CSS.escape(pathname)}"]`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  }, [pathname])
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
        {/* On a phone the sections scroll sideways; the fading edge says there are more. */}
        <nav
          aria-label="Sezioni dell'area artigiani"
          data-area-nav
          className="mx-auto max-w-4xl overflow-x-auto px-2 [mask-image:linear-gradient(to_right,black_80%,transparent)] md:[mask-image:none]"
        >
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
  const { open, setOpen, panelId, boxRef, buttonRef } = useDisclosure()
  const item = 'flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-left text-sm text-ink hover:bg-gray-100 disabled:opacity-50'
  // A disclosure, not a menu widget: two buttons shown under the account's button (no menu library on a phone's first screen).
  return (
    <div ref={boxRef} className="relative max-w-[55%]">
      <Button
        ref={buttonRef}
        variant="ghost"
        className="h-11 max-w-full gap-2 px-2"
        aria-label={`Menu di ${name}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <UserIcon className="size-5 shrink-0" aria-hidden />
        <span className="hidden truncate text-sm font-medium sm:inline">{name}</span>
      </Button>
      {open ? (
        <div
          id={panelId}
          className="absolute right-0 top-full z-40 mt-1 w-64 max-w-[calc(100vw-2rem)] rounded-md border border-gray-200 bg-white p-1 shadow-lg"
        >
          <p className="border-b border-gray-100 px-3 py-2 text-sm">
            <span className="block truncate font-medium text-ink">{name}</span>
            <span className="block truncate text-muted">{email}</span>
          </p>
          <button type="button" className={item} onClick={() => signOut.mutate()} disabled={busy}>
            <LogOutIcon className="size-4" aria-hidden />
            Esci
          </button>
          <button type="button" className={item} onClick={() => signOutEverywhere.mutate()} disabled={busy}>
            <LogOutIcon className="size-4" aria-hidden />
            Esci da tutti i dispositivi
          </button>
        </div>
      ) : null}
    </div>
  )
}

/** Open and closed, closed again by Escape (back to its button) or by a tap outside. */
function useDisclosure() {
  const [open, setOpen] = useState(false)
  const panelId = useId()
  const boxRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setOpen(false)
      buttonRef.current?.focus()
    }
    const onPointer = (event: PointerEvent) => {
      if (!boxRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])
  return { open, setOpen, panelId, boxRef, buttonRef }
}

/** A session that ends while a page is open sends to the sign-in, to come back here (src/lib/session-ends.ts). */
function useSignInOnSessionEnd() {
  const trpc = useTRPC()
  useSignInWhenSessionEnds({
    me: trpc.area.session.me.queryKey(),
    isSignInPage: (pathname) => pathname.startsWith('/artigiano/accedi'),
    signIn: '/artigiano/accedi',
  })
}
