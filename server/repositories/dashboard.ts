import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { addDays, lastDays, romeDayEnd, romeDayStart } from '#shared/italian-time.ts'
import { romeDayOf } from './dialect/time.ts'

export type DashboardStats = {
  leadsLast30Days: number
  newRequestersLast30Days: number
  activeArtisans: number
  pendingArtisans: number
  newsletterRecipients: number
  /** One entry per Italian day of the period, oldest first, including days without leads. */
  leadsPerDay: Array<{ day: string; leads: number }>
}

const DAYS = 30

/** The figures of the dashboard, each computed from the database; "the last 30 days" as Statistiche reads them (lastDays). */
export async function dashboardStats(db: DB, now = new Date()): Promise<DashboardStats> {
  const period = lastDays(DAYS, now.getTime())
  const since = romeDayStart(period.from)
  const until = romeDayEnd(period.to)

  const leads = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .executeTakeFirstOrThrow()

  // A requester is new when the first request from that e-mail falls inside the window.
  const requesters = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('leads')
        .select('email_normalized')
        .groupBy('email_normalized')
        .having((h) => h.fn.min('created_at'), '>=', since)
        .having((h) => h.fn.min('created_at'), '<', until)
        .as('firsts'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()

  const artisans = await db
    .selectFrom('artisans')
    .select([
      sql<number>`sum(case when status = 'active' then 1 else 0 end)`.as('active'),
      sql<number>`sum(case when status = 'pending_review' then 1 else 0 end)`.as('pending'),
    ])
    .executeTakeFirstOrThrow()

  // Everyone a newsletter could reach: requesters and artisans with an e-mail, once each, minus suppressed addresses.
  const recipients = await sql<{ n: number }>`
    select count(*) as n from (
      select email_normalized as address from leads
      union
      select lower(trim(email)) from artisans where trim(email) <> ''
    ) addresses where address not in (select email_normalized from email_suppressions)
  `.execute(db)

  const perDay = await db
    .selectFrom('leads')
    .select([romeDayOf(db, 'created_at').as('day'), (eb) => eb.fn.countAll<number>().as('leads')])
    .where('created_at', '>=', since)
    .where('created_at', '<', until)
    .groupBy(romeDayOf(db, 'created_at'))
    .execute()
  const counts = new Map(perDay.map((row) => [row.day, Number(row.leads)]))
  const leadsPerDay = Array.from({ length: DAYS }, (_, i) => {
    const day = addDays(period.from, i)
    return { day, leads: counts.get(day) ?? 0 }
  })

  return {
    leadsLast30Days: Number(leads.n),
    newRequestersLast30Days: Number(requesters.n),
    activeArtisans: Number(artisans.active ?? 0),
    pendingArtisans: Number(artisans.pending ?? 0),
    newsletterRecipients: Number(recipients.rows[0]?.n ?? 0),
    leadsPerDay,
  }
}
