import { createRootRouteWithContext, HeadContent, Outlet, Scripts, useRouterState } from '@tanstack/react-router'
import type * as React from 'react'
import { Breadcrumbs } from '../components/breadcrumbs.tsx'
import { ConsentBanner } from '../components/consent-banner.tsx'
import { SiteFooter } from '../components/site-footer.tsx'
import { SiteHeader } from '../components/site-header.tsx'
import { Toaster } from '../components/toaster.tsx'
import { DEFAULT_TITLE, notFoundHead } from '../lib/seo-head.ts'
import type { RouterContext } from '../router.tsx'
import { isSessionPath } from '#shared/artisan-area.ts'

const SPECULATION_RULES = {
  prerender: [
    {
      // Pages for whoever is signed in (the back office, the craftsmen's area) are never rendered ahead.
      where: {
        and: [{ href_matches: '/*' }, { not: { href_matches: '/admin*' } }, { not: { href_matches: '/artigiano*' } }, { not: { href_matches: '/*\\?*' } }],
      },
      eagerness: 'moderate',
    },
  ],
}

export const Route = createRootRouteWithContext<RouterContext>()({
  loader: ({ context }) => context.site.clientConfig(),
  head: ({ match }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#c81e1e' },
      // The root shows the 404 of a path no route matches (docs/product.md §2.1).
      ...(match._notFound ? notFoundHead().meta : [{ title: DEFAULT_TITLE }]),
    ],
    links: [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }],
    // Before any module runs: zod's `new Function` probe would otherwise be reported as a CSP violation (no eval allowed).
    scripts: [
      { children: 'globalThis.__zod_globalConfig={jitless:true}' },
      // Public links open as page loads of cached pages, prerendered when the pointer rests on them or a touch starts.
      { type: 'speculationrules', children: JSON.stringify(SPECULATION_RULES) },
    ],
  }),
  component: RootComponent,
})

function RootComponent() {
  // The back office and the craftsmen's area have their own frames and toasts; the site's header and footer are for public pages.
  const isSession = useRouterState({ select: (s) => isSessionPath(s.location.pathname) })
  return (
    <RootDocument>
      {isSession ? (
        <>
          <Outlet />
          <Toaster />
        </>
      ) : (
        <>
          <a href="#contenuto" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
            Vai al contenuto
          </a>
          <SiteHeader />
          <Breadcrumbs />
          <Outlet />
          <SiteFooter />
          <ConsentBanner />
        </>
      )}
    </RootDocument>
  )
}

function RootDocument({ children }: { children: React.ReactNode }) {
  return (
    <html lang="it">
      <head>
        <HeadContent />
      </head>
      <body className="flex min-h-screen flex-col">
        {children}
        <Scripts />
      </body>
    </html>
  )
}
