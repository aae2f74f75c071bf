import { isNotFound, notFound } from '@tanstack/react-router'

/**
 * A page that was public and is not any more (a craftsman's profile gone private): thrown by a loader as the router's
 * notFound, shown by the route's notFoundComponent, answered 410 rather than 404 by the server (server/ssr/render.ts),
 * so search engines drop it at once.
 */
const GONE = { gone: true } as const

/** What the page of a profile gone private is called (its title, its heading, its last breadcrumb). */
export const GONE_TITLE = 'Profilo non più pubblico'

export const gone = () => notFound({ data: GONE })

/** Whether a notFoundComponent's `data` is that of `gone()`. */
export const isGoneData = (data: unknown): boolean => (data as { gone?: unknown } | undefined)?.gone === true

/** Whether a match's error is a `gone()`. */
export const isGone = (error: unknown): boolean => isNotFound(error) && isGoneData(error.data)
