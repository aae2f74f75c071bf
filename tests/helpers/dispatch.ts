import type { DB } from '#db/client.ts'
import { insertLead, type LeadInput } from '#server/repositories/leads.ts'
import { comuni, services } from '#shared/catalog/index.ts'
import { quoteLead, storedArtisan } from './admin-leads.ts'

/** An instant on the Italian clock ('2026-12-09T09:00' is a Wednesday in winter, UTC+1). */
export const at = (rome: string) => new Date(`${rome}+01:00`)

/** A quote's service and place for a catalogue service and a comune, by their names. */
export function quoteIn(serviceName: string, comuneName: string): Partial<LeadInput> {
  const service = services.find((candidate) => candidate.name === serviceName)!
  const comune = comuni.find((candidate) => candidate.name === comuneName)!
  return { serviceId: service.id, serviceName, comuneSlug: comune.slug, placeId: `comune-${comune.slug}`, locationLabel: comuneName }
}

/**
 * What the dispatcher's tests store in the database `db()` gives: quotes from requesters of their own
 * (`cliente<n>@example.com`) and craftsmen of their own (`artigiano<n>@artigiani.example`), numbered by one counter
 * whose last value is `serial`.
 */
export function dispatchFixtures(db: () => DB) {
  let serial = 0
  return {
    get serial() {
      return serial
    },

    /** A quote stored at a time on the Italian clock: due for the dispatcher at once. */
    addLead(rome: string, overrides: Partial<LeadInput> = {}) {
      const n = ++serial
      return insertLead(db(), quoteLead({ email: `cliente${n}@example.com`, ...overrides }), [], at(rome).toISOString())
    },

    /** Craftsmen of a trade covering one comune, in the order the matching ranks them (no history: the oldest first). */
    async addArtisans(count: number, sector = 'Elettricista', zone = 'Sesto San Giovanni') {
      const ids: number[] = []
      for (let i = 0; i < count; i++) {
        const n = ++serial
        ids.push(
          await storedArtisan(db(), {
            email: `artigiano${n}@artigiani.example`,
            contactName: `Artigiano ${n}`,
            companyName: null,
            specializationSectors: [sector],
            operativeZones: [zone],
          }),
        )
      }
      return ids
    },

    /** The lead's status and dispatch columns. */
    leadRow(leadId: number) {
      return db()
        .selectFrom('leads')
        .select(['status', 'dispatch_due_at', 'dispatch_round', 'dispatch_claimed_by', 'taken_by_hand_at', 'no_artisan_reason', 'no_artisan_at'])
        .where('id', '=', leadId)
        .executeTakeFirstOrThrow()
    },
  }
}
