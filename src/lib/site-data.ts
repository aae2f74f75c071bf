import type { inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

type SiteOutputs = inferRouterOutputs<AppRouter>['site']

export type SlugPageData = NonNullable<SiteOutputs['slug']>
export type ServicePageData = Extract<SlugPageData, { kind: 'service' }>
export type CategoryPageData = Extract<SlugPageData, { kind: 'category' }>
export type ComunePageData = Extract<SlugPageData, { kind: 'comune' }>
export type ServiceInComunePageData = Extract<SiteOutputs['serviceInComune'], { ok: true }>
export type ProfilePageData = Extract<SiteOutputs['profile'], { state: 'published' }>
