import { type RawBuilder, type SqlBool, sql } from 'kysely'
import type { DB } from '#db/client.ts'
import type { NewsletterTargetGroup } from '#shared/enums.ts'
import { findComune, findService, servicesOfCategory } from '#shared/catalog/index.ts'
import type { Segment } from '#shared/schemas/newsletter.ts'
import { romeDayEnd, romeDayStart } from '#shared/italian-time.ts'
import { artisanAudience, readSoftOptIn, requesterAudience } from '../newsletter/audience.ts'
import { normalizeZone } from './artisans.ts'
import { indexedBy } from './dialect/index-hints.ts'

const notSuppressed = (column: RawBuilder<unknown>) => sql<SqlBool>`not exists (select 1 from email_suppressions s where s.email_normalized = ${column})`

/**
 * Catalogue values written into the statement rather than bound: SQLite checks `IN ('a', 'b')` against each of a
 * million index entries about twice as fast as `IN (?, ?)`. Only ids of the catalogue (checked again here) get there.
 */
const catalogueList = (values: Iterable<string>, known: (value: string) => boolean) => sql.join([...values].filter(known).map((value) => sql.lit(value)))
const isService = (id: string) => id === 'altro' || findService(id) !== undefined
const isComune = (slug: string) => findComune(slug) !== undefined

/** The leads a requesters' segment selects, as conditions on `l`; null when the segment has no requester filter. */
function leadConditions(segment: Partial<Segment>): RawBuilder<SqlBool>[] | null {
  const conditions: RawBuilder<SqlBool>[] = []
  const services = new Set(segment.services ?? [])
  for (const category of segment.categories ?? []) for (const service of servicesOfCategory(category)) services.add(service.id)
  if (services.size) conditions.push(sql<SqlBool>`l.service_id in (${catalogueList(services, isService)})`)
  if (segment.towns?.length) conditions.push(sql<SqlBool>`l.comune_slug in (${catalogueList(segment.towns, isComune)})`)
  if (segment.from) conditions.push(sql<SqlBool>`l.created_at >= ${romeDayStart(segment.from)}`)
  if (segment.to) conditions.push(sql<SqlBool>`l.created_at < ${romeDayEnd(segment.to)}`)
  return conditions.length ? conditions : null
}

/**
 * The distinct addresses of the leads a requesters' segment selects, read in e-mail order from one covering index
 * (migration 2026_11_25_0102): no sort, whatever the filters.
 */
function segmentAddresses(db: DB, conditions: RawBuilder<SqlBool>[]) {
  return sql`select distinct l.email_normalized from leads l ${indexedBy(db, 'leads_segment_email')} where l.email_normalized <> '' and ${sql.join(conditions, sql` and `)}`
}

/**
 * One row per requester the segment reaches (latest e-mail spelling and name), suppressed addresses excluded, and
 * without the soft opt-in only those who consented (server/newsletter/audience.ts).
 */
function requesterRecipients(db: DB, segment: Partial<Segment>, softOptIn: boolean) {
  const conditions = leadConditions(segment)
  const matching = conditions ? sql`and r.email_normalized in (${segmentAddresses(db, conditions)})` : sql``
  return sql`from requesters r where r.email_normalized <> '' ${matching} and ${notSuppressed(sql`r.email_normalized`)}
    and ${requesterAudience(db, softOptIn, sql`r.email_normalized`)}`
}

/** The number of requesters a segment reaches: the addresses counted straight off the index. */
function requesterCount(db: DB, segment: Partial<Segment>, softOptIn: boolean) {
  const conditions = leadConditions(segment)
  if (!conditions) return sql<{ n: number }>`select count(*) as n ${requesterRecipients(db, segment, softOptIn)}`
  return sql<{ n: number }>`select count(*) as n from (${segmentAddresses(db, conditions)}) x where ${notSuppressed(sql`x.email_normalized`)}
    and ${requesterAudience(db, softOptIn, sql`x.email_normalized`)}`
}

/** Craftsmen with an e-mail who take the newsletter, matching every given filter (any of the sectors, any of the zones, any of the statuses). */
function artisanRecipients(segment: Partial<Segment>) {
  const conditions: RawBuilder<SqlBool>[] = [sql<SqlBool>`trim(a.email) <> ''`, notSuppressed(sql`lower(trim(a.email))`), artisanAudience]
  if (segment.statuses?.length) conditions.push(sql<SqlBool>`a.status in (${sql.join(segment.statuses)})`)
  if (segment.sectors?.length) {
    conditions.push(sql<SqlBool>`exists (select 1 from artisan_sectors x where x.artisan_id = a.id and x.sector in (${sql.join(segment.sectors)}))`)
  }
  if (segment.zones?.length) {
    const zones = segment.zones.map(normalizeZone)
    conditions.push(sql<SqlBool>`exists (select 1 from artisan_zones z where z.artisan_id = a.id and z.zone_normalized in (${sql.join(zones)}))`)
  }
  return sql`from artisans a where ${sql.join(conditions, sql` and `)}`
}

/** The exact number of addresses a campaign to this group and segment would be sent to now. */
export async function countSegmentRecipients(db: DB, group: NewsletterTargetGroup, segment: Partial<Segment>): Promise<number> {
  const query =
    group === 'users'
      ? requesterCount(db, segment, await readSoftOptIn(db))
      : sql<{ n: number }>`select count(distinct lower(trim(a.email))) as n ${artisanRecipients(segment)}`
  const { rows } = await query.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** Writes one pending delivery per recipient of the segment (safe to run again: the unique key keeps the rows there). */
export async function insertSegmentDeliveries(db: DB, jobId: number, group: NewsletterTargetGroup, segment: Partial<Segment>): Promise<void> {
  if (group === 'users') {
    await sql`
      insert into newsletter_deliveries (job_id, email, email_normalized, name)
      select cast(${jobId} as integer), trim(r.email), r.email_normalized, r.last_full_name ${requesterRecipients(db, segment, await readSoftOptIn(db))}
      order by r.id
      on conflict (job_id, email_normalized) do nothing`.execute(db)
    return
  }
  await sql`
    insert into newsletter_deliveries (job_id, email, email_normalized, name)
    select cast(${jobId} as integer), trim(a.email), lower(trim(a.email)), a.contact_name ${artisanRecipients(segment)}
    order by a.id
    on conflict (job_id, email_normalized) do nothing`.execute(db)
}
