import { type RawBuilder, sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'

/**
 * Milliseconds between two stored timestamps (ISO 8601 UTC text on both engines), in SQL: SQLite counts Julian
 * days, PostgreSQL reads them as timestamptz and subtracts (date_part: a double, which sorts faster than extract's numeric).
 */
export const elapsedMs = (db: DB, from: RawBuilder<unknown> | string, to: RawBuilder<unknown> | string): RawBuilder<number> => {
  const [start, end] = [from, to].map((value) => (typeof value === 'string' ? sql.ref(value) : value))
  return engineOf(db) === 'postgres'
    ? sql<number>`(date_part('epoch', (${end})::timestamptz - (${start})::timestamptz) * 1000)`
    : sql<number>`(julianday(${end}) - julianday(${start})) * 86400000.0`
}

/**
 * The Italian day (YYYY-MM-DD) of a stored UTC timestamp, in SQL. SQLite has no time zones: summer time (UTC+2) from
 * 01:00 UTC of the last Sunday of March to 01:00 UTC of the last Sunday of October, as the EU has had it since 1996,
 * UTC+1 otherwise. PostgreSQL reads the zone Europe/Rome from its own database.
 */
export const romeDayOf = (db: DB, column: string): RawBuilder<string> => {
  if (engineOf(db) === 'postgres') return sql<string>`to_char((${sql.ref(column)})::timestamptz AT TIME ZONE 'Europe/Rome', 'YYYY-MM-DD')`
  const c = sql.ref(column)
  return sql<string>`date(${c}, CASE WHEN ${c} >= date(substr(${c}, 1, 4) || '-03-31', '-6 days', 'weekday 0') || 'T01:00:00'
    AND ${c} < date(substr(${c}, 1, 4) || '-10-31', '-6 days', 'weekday 0') || 'T01:00:00' THEN '+2 hours' ELSE '+1 hours' END)`
}
