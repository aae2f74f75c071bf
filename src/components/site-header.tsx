import { Link, useRouterState } from '@tanstack/react-router'
import { MenuIcon, XIcon } from 'lucide-react'
import { SITE_NAME } from '../lib/seo-head.ts'
import { cx as cn } from '../lib/class-names.ts'

const links = [
  { to: '/', label: 'Home' },
  { to: '/chi-siamo', label: 'Chi Siamo' },
  { to: '/i-nostri-artigiani', label: 'I nostri Artigiani' },
  { to: '/zone-servite', label: 'Zone Servite' },
] as const

/**
 * Sticky header: blue on the craftsmen area, red elsewhere (docs/product.md §2.1). The phone menu is a native popover:
 * it opens, closes on Escape or a tap outside it, and tells assistive technology its state, with no script.
 */
export function SiteHeader() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const isTradeArea = pathname.startsWith('/area-artigiani') || pathname.startsWith('/artisan-thank-you')

  return (
    <header
      className={cn('group sticky top-0 z-40 text-white shadow-md', isTradeArea ? 'bg-trade-700' : 'bg-brand-600')}
      data-area={isTradeArea ? 'artigiani' : 'pubblico'}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="text-lg font-extrabold tracking-tight">
          {SITE_NAME}
        </Link>
        <nav aria-label="Principale" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className="rounded-md px-3 py-2 text-sm font-medium hover:bg-white/15"
              activeProps={{ className: 'bg-black/25 underline underline-offset-4' }}
              activeOptions={{ exact: true }}
            >
              {link.label}
            </Link>
          ))}
          <Link
            to="/area-artigiani"
            className={cn(
              'ml-2 rounded-md bg-white px-4 py-2 text-sm font-semibold shadow-sm hover:bg-gray-100',
              isTradeArea ? 'text-trade-700' : 'text-brand-700',
            )}
          >
            Area Artigiani
          </Link>
        </nav>
        <button type="button" popoverTarget="mobile-menu" className="rounded-md p-2 hover:bg-white/15 md:hidden" aria-label="Apri il menu">
          <MenuIcon className="size-6 group-has-[#mobile-menu:popover-open]:hidden" aria-hidden />
          <XIcon className="hidden size-6 group-has-[#mobile-menu:popover-open]:block" aria-hidden />
        </button>
        <nav
          id="mobile-menu"
          popover="auto"
          aria-label="Menu mobile"
          className={cn(
            'inset-x-0 top-16 bottom-auto m-0 w-full max-w-none border-0 border-t border-white/20 px-4 pb-4 text-white shadow-lg md:hidden',
            isTradeArea ? 'bg-trade-700' : 'bg-brand-600',
          )}
        >
          {links.map((link) => (
            <Link key={link.to} to={link.to} className="block rounded-md px-3 py-3 font-medium hover:bg-white/15">
              {link.label}
            </Link>
          ))}
          <Link to="/area-artigiani" className="mt-2 block rounded-md bg-white px-3 py-3 text-center font-semibold text-ink">
            Area Artigiani
          </Link>
        </nav>
      </div>
    </header>
  )
}
