import { sql } from 'kysely'
import type { DB } from '#db/client.ts'
import { addDays, lastDays, romeDayEnd, romeDayStart } from '#shared/italian-time.ts'
import { requestsByDay } from './statistics.ts'

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

  // The leads of each day from the running totals the triggers on leads keep (lead_days, 'all'), not the leads themselves.
  const perDay = await requestsByDay(db, period.from, period.to)

  // A requester is new when the first request from that e-mail falls inside the window (requesters.first_created_at,
  // kept by the triggers on leads).
  const requesters = await db
    .selectFrom('requesters')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('first_created_at', '>=', since)
    .where('first_created_at', '<', until)
    .executeTakeFirstOrThrow()

  const artisans = await db
    .selectFrom('artisans')
    .select([
      sql<number>`sum(case when status = 'active' then 1 else 0 end)`.as('active'),
      sql<number>`sum(case when status = 'pending_review' then 1 else 0 end)`.as('pending'),
    ])
    .executeTakeFirstOrThrow()

  // Everyone a newsletter could reach: requesters (one row per e-mail of the leads, counted in list_totals) and craftsmen
  // with an e-mail, once each, minus suppressed addresses (few: looked up among the requesters, not the other way).
  const recipients = await sql<{ n: number }>`
    select (select requesters from list_totals where id = 1)
      - (select count(*) from email_suppressions s where exists (select 1 from requesters r where r.email_normalized = s.email_normalized))
      + (select count(*) from (select distinct lower(trim(email)) as address from artisans where trim(email) <> '') a
          where not exists (select 1 from requesters r where r.email_normalized = a.address)
            and not exists (select 1 from email_suppressions s where s.email_normalized = a.address)) as n
  `.execute(db)

  const counts = new Map(perDay.map((row) => [row.day, Number(row.requests)]))
  const leadsPerDay = Array.from({ length: DAYS }, (_, i) => {
    const day = addDays(period.from, i)
    return { day, leads: counts.get(day) ?? 0 }
  })

  return {
    leadsLast30Days: leadsPerDay.reduce((sum, day) => sum + day.leads, 0),
    newRequestersLast30Days: Number(requesters.n),
    activeArtisans: Number(artisans.active ?? 0),
    pendingArtisans: Number(artisans.pending ?? 0),
    newsletterRecipients: Number(recipients.rows[0]?.n ?? 0),
    leadsPerDay,
  }
}
