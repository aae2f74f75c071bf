import type { ExpressionBuilder } from 'kysely'
import type { DB } from '#db/client.ts'
import type { Database } from '#db/schema.ts'
import { type OfferMailMode, wantsSummary } from '#shared/artisan-notifications.ts'
import { CLOSED_STATUSES } from './offers.ts'

/** How a craftsman is told of offers and whether they get every other mail, as the area's "Notifiche" shows it. */
export async function findNotificationSettings(db: DB, artisanId: number) {
  const row = await db.selectFrom('artisans').select(['offer_mail', 'other_mail_stopped_at']).where('id', '=', artisanId).executeTakeFirst()
  return row && { offerMail: row.offer_mail, otherMail: row.other_mail_stopped_at === null }
}

/**
 * Sets how new offers reach the craftsman and whether every other mail does (the time they stopped it is kept while it
 * stays stopped); the settings before, for the audit, or undefined when there is no such craftsman.
 */
export async function setNotificationSettings(
  db: DB,
  artisanId: number,
  settings: { offerMail: OfferMailMode; otherMail: boolean },
  now = new Date().toISOString(),
) {
  const before = await findNotificationSettings(db, artisanId)
  if (!before) return undefined
  await db
    .updateTable('artisans')
    .set({
      offer_mail: settings.offerMail,
      other_mail_stopped_at: settings.otherMail ? null : before.otherMail ? now : undefined,
      updated_at: now,
    })
    .where('id', '=', artisanId)
    .execute()
  return before
}

/** Whether a new offer to the craftsman goes out as its own mail (not when they chose the summary alone). */
export async function offerMailOf(db: DB, artisanId: number): Promise<OfferMailMode> {
  const row = await db.selectFrom('artisans').select('offer_mail').where('id', '=', artisanId).executeTakeFirst()
  return row?.offer_mail ?? 'immediate'
}

type OfferRow = ExpressionBuilder<Database & { la: Database['lead_assignments']; l: Database['leads'] }, 'la' | 'l'>

/** An offer still waiting for the craftsman's answer: not answered, taken back or given back, on a lead not closed, offered since `since`. */
const waitingSince = (eb: OfferRow, since: string) =>
  eb.and([
    eb('la.response', 'is', null),
    eb('la.revoked_at', 'is', null),
    eb('la.withdrawn_at', 'is', null),
    eb('la.assigned_at', '>=', since),
    eb('l.status', 'not in', CLOSED_STATUSES),
  ])

/** The offers still waiting for the craftsman's answer since `since` (the answer links' validity). Oldest first, as they run out first. */
export function openOffersOf(db: DB, artisanId: number, since: string) {
  return db
    .selectFrom('lead_assignments as la')
    .innerJoin('leads as l', 'l.id', 'la.lead_id')
    .select([
      'la.id',
      'la.lead_id',
      'la.assigned_at',
      'la.assigned_by',
      'l.service_name',
      'l.comune_slug',
      'l.location_label',
      'l.dispatch_round',
      'l.dispatch_due_at',
      'l.dispatch_claimed_by',
    ])
    .where('la.artisan_id', '=', artisanId)
    .where((eb) => waitingSince(eb, since))
    .orderBy('la.assigned_at')
    .orderBy('la.id')
    .execute()
}

/**
 * The craftsmen due their morning summary on `day`: they chose it, have not had today's, and have an open offer since
 * `since`, in pages of ids after `afterId`. Read through the partial index of those who chose it (migration 2026_11_27_0301).
 */
export function artisansDueSummary(db: DB, day: string, since: string, afterId: number, limit: number) {
  return db
    .selectFrom('artisans as a')
    .select(['a.id'])
    .where('a.offer_mail', '<>', 'immediate')
    .where('a.id', '>', afterId)
    .where((eb) => eb.or([eb('a.summary_sent_on', 'is', null), eb('a.summary_sent_on', '<', day)]))
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('lead_assignments as la')
          .innerJoin('leads as l', 'l.id', 'la.lead_id')
          .select('la.id')
          .whereRef('la.artisan_id', '=', 'a.id')
          .where((eb) => waitingSince(eb, since)),
      ),
    )
    .orderBy('a.id')
    .limit(limit)
    .execute()
}

/**
 * Takes the craftsman's summary of `day` for this transaction: one statement that marks the day only if it was not
 * yet theirs and they still want a summary, so among processes and restarts exactly one mails it (on PostgreSQL a
 * second update waits for the row, then finds the day marked). Returns the craftsman's name and address, or undefined.
 */
export async function claimSummary(db: DB, artisanId: number, day: string) {
  const row = await db
    .updateTable('artisans')
    .set({ summary_sent_on: day })
    .where('id', '=', artisanId)
    .where('offer_mail', '<>', 'immediate')
    .where((eb) => eb.or([eb('summary_sent_on', 'is', null), eb('summary_sent_on', '<', day)]))
    .returning(['id', 'contact_name', 'email', 'offer_mail'])
    .executeTakeFirst()
  return row && wantsSummary(row.offer_mail) ? row : undefined
}
