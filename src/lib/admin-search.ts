// Search params of the admin routes, read without zod: route options other than components and loaders ship in
// the route tree that every public page loads, and zod would add 24 KB (gzip) to each of them. The procedures
// read the same values with the zod schemas of shared/schemas (admin-search.test.ts keeps the two in agreement).
import { ARTISAN_STATUSES, LEAD_STATUSES } from '#shared/enums.ts'
import type { LeadFilters } from '#shared/schemas/admin-leads.ts'
import type { RequesterFilters } from '#shared/schemas/requesters.ts'
import type { ArtisanListSearch } from '#shared/schemas/artisan.ts'

type Search = Record<string, unknown>

/** A trimmed text of at most `max` characters, else undefined (zod: `.trim().max(max).optional().catch(undefined)`). */
function text(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  return trimmed.length <= max ? trimmed : undefined
}

function oneOf<T extends string>(value: unknown, values: readonly T[]): T | undefined {
  return values.includes(value as T) ? (value as T) : undefined
}

function day(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined
}

/** A whole number from 1 to max, else undefined (zod: `z.coerce.number().int().min(1).max(max)`). */
function page(value: unknown, max: number): number | undefined {
  const number = Number(value)
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined
}

/** `?redirect=` of the sign-in pages: where to go after signing in. */
export function signInSearch(search: Search): { redirect?: string } {
  return { redirect: typeof search.redirect === 'string' && search.redirect.length <= 2000 ? search.redirect : undefined }
}

/** The leads list; `lead` is the request whose 'Dettagli Preventivo' dialog is open (a link to it opens it). */
export function leadListSearch(search: Search): LeadFilters & { page: number; lead?: number } {
  return {
    name: text(search.name, 100),
    email: text(search.email, 100),
    phone: text(search.phone, 100),
    service: text(search.service, 100),
    location: text(search.location, 100),
    kind: oneOf(search.kind, ['quote', 'contact'] as const),
    status: oneOf(search.status, LEAD_STATUSES),
    from: day(search.from),
    to: day(search.to),
    page: page(search.page, 1_000_000) ?? 1,
    lead: page(search.lead, Number.MAX_SAFE_INTEGER),
  }
}

export function requesterListSearch(search: Search): RequesterFilters & { page: number } {
  return {
    name: text(search.name, 100),
    email: text(search.email, 100),
    phone: text(search.phone, 100),
    location: text(search.location, 100),
    page: page(search.page, 1_000_000) ?? 1,
  }
}

export function artisanListSearch(search: Search): ArtisanListSearch {
  return {
    page: page(search.page, 100_000),
    company: text(search.company, 200),
    contact: text(search.contact, 200),
    email: text(search.email, 200),
    phone: text(search.phone, 200),
    status: oneOf(search.status, ARTISAN_STATUSES),
    sector: text(search.sector, 200),
    zone: text(search.zone, 200),
  }
}

export const STATISTICS_PERIODS = ['7', '30', '90', 'custom'] as const
export type StatisticsSearch = { period: (typeof STATISTICS_PERIODS)[number]; from?: string; to?: string }

/** 'Statistiche': the last 7, 30 or 90 Italian days, or a custom range (checked again by the procedure). */
export function statisticsSearch(search: Search): StatisticsSearch {
  return { period: oneOf(String(search.period), STATISTICS_PERIODS) ?? '30', from: day(search.from), to: day(search.to) }
}
