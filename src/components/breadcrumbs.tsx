import { Link, useRouterState } from '@tanstack/react-router'
import { ChevronRightIcon } from 'lucide-react'
import { breadcrumbTrail, type Crumb, notFoundTrail } from '../lib/breadcrumbs.ts'
import { GONE_TITLE, isGone } from '../lib/gone.ts'
import { NOT_FOUND_TITLE } from '../lib/seo-head.ts'

/**
 * Breadcrumb bar on every page except home and the back office (docs/product.md §2.1); a page may name its last crumb in
 * its loader data (`crumb`), or give its whole trail (`crumbs`).
 */
export function Breadcrumbs() {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const pageData = useRouterState({
    select: (s) => s.matches.at(-1)?.loaderData as { crumb?: string; crumbs?: Crumb[] } | undefined,
  })
  // A page that does not exist: the segments of its address are no pages to link.
  const notFound = useRouterState({ select: (s) => s.matches.some((match) => match._notFound || match.status === 'notFound') })
  const gone = useRouterState({ select: (s) => s.matches.some((match) => isGone(match.error)) })
  // A page whose address is not its trail (a craftsman's profile) gives the whole trail.
  const trail = notFound ? notFoundTrail(pathname, gone ? GONE_TITLE : NOT_FOUND_TITLE) : (pageData?.crumbs ?? breadcrumbTrail(pathname, pageData?.crumb))
  if (trail.length === 0) return null
  return (
    <nav aria-label="Percorso" className="border-b border-gray-200 bg-gray-50">
      <ol className="mx-auto flex max-w-6xl flex-wrap items-center gap-1 px-4 py-2 text-sm text-muted">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <ChevronRightIcon className="size-4 text-gray-500" aria-hidden />}
              {last ? (
                <span aria-current="page" className="font-medium text-ink">
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.path} className="underline-offset-2 hover:text-brand-700 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
