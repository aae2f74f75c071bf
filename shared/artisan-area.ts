/**
 * The craftsmen's own area (/artigiano): who may sign in, and which paths are its pages. Its pages are rendered for
 * the signed-in craftsman and never cached, like the back office's (shared/admin-path.ts).
 */
import { isAdminPath } from './admin-path.ts'
import type { ArtisanStatus } from './enums.ts'

/** Craftsmen of the register who have an area: those in the network now or paused by the office, not applicants. */
export const ARTISAN_AREA_STATUSES = ['active', 'inactive'] as const satisfies readonly ArtisanStatus[]

export const ARTISAN_AREA_PATH = '/artigiano'

/** The area's pages, whatever the case of their letters (the router matches paths case-insensitively). */
export function isArtisanAreaPath(path: string): boolean {
  const lower = path.toLowerCase()
  return lower === ARTISAN_AREA_PATH || lower.startsWith(`${ARTISAN_AREA_PATH}/`)
}

/** Pages rendered for whoever is signed in (the back office, the craftsmen's area): hydrated whole, never cached or counted. */
export const isSessionPath = (path: string): boolean => isAdminPath(path) || isArtisanAreaPath(path)
