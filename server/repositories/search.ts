import { type Expression, type SqlBool, sql } from 'kysely'
import { type DB, engineOf } from '#db/client.ts'
import { indexedBy } from './dialect/index-hints.ts'

/** The trigram index answers substrings of at least this many characters; shorter ones are scanned. */
const TRIGRAM = 3

/** Beyond this many text matches, walking the date index and probing the matches beats sorting them all. */
const BROAD_MATCH = 2000

/** A substring as an FTS5 phrase: in double quotes, inner quotes doubled, so no character is read as query syntax. */
function ftsPhrase(value: string): string {
  return `"${value.replaceAll('"', '""')}"`
}

/** The lists with a trigram full-text index beside them (`<table>_search`); the first two keep a total in list_totals. */
type SearchedTable = 'leads' | 'requesters' | 'contact_messages'

/**
 * The lists whose searched text PostgreSQL keeps in a narrow table beside them (`<table>_search`: id, the list's date,
 * the text columns already through search_text; migration 2026_11_28_0102), with the trigram indexes.
 */
const SEARCH_TABLES_ON_POSTGRES: Partial<Record<SearchedTable, { date: string }>> = { leads: { date: 'created_at' }, requesters: { date: 'last_created_at' } }

/**
 * A list's filters: SQL conditions on the table, and the substring filters as conditions on its search table
 * (`<table>_search`), null when there are none: SQLite's FTS5 MATCH, PostgreSQL's LIKE on the stored text.
 */
export type ListSearch = { conditions: Expression<SqlBool>[]; match: Expression<SqlBool> | null }

/**
 * Substring filters on text columns. SQLite: values of a trigram or more go into one FTS5 query on the trigram index
 * beside the table, shorter ones become case-insensitive `instr` conditions on the column. PostgreSQL: each value is a
 * LIKE on the column as search_text leaves it (lower case, accents removed), which the pg_trgm index answers from 3
 * characters on: on the stored text of the search table for leads and requesters (migration 2026_11_28_0102), on the
 * column's own index otherwise (migration 2026_11_26_0501).
 */
export function textSearch(db: DB, table: SearchedTable, columns: Record<string, string>, filters: Record<string, string | undefined>): ListSearch {
  const conditions: Expression<SqlBool>[] = []
  const matches: Expression<SqlBool>[] = []
  const phrases: string[] = []
  const postgres = engineOf(db) === 'postgres'
  const searchTable = postgres ? SEARCH_TABLES_ON_POSTGRES[table] : undefined
  for (const [key, column] of Object.entries(columns)) {
    const value = filters[key]?.trim()
    if (!value) continue
    const pattern = sql`'%' || search_text(${likePattern(value)}) || '%'`
    if (searchTable) matches.push(sql<SqlBool>`${sql.ref(`${table}_search.${column}`)} LIKE ${pattern}`)
    else if (postgres) conditions.push(sql<SqlBool>`search_text(${sql.ref(`${table}.${column}`)}) LIKE ${pattern}`)
    else if ([...value].length >= TRIGRAM) phrases.push(`${column} : ${ftsPhrase(value)}`)
    else conditions.push(sql<SqlBool>`instr(lower(coalesce(${sql.ref(`${table}.${column}`)}, '')), lower(${value})) > 0`)
  }
  if (phrases.length) matches.push(sql<SqlBool>`${sql.table(`${table}_search`)} MATCH ${phrases.join(' AND ')}`)
  return { conditions, match: matches.length ? sql<SqlBool>`${sql.join(matches, sql` AND `)}` : null }
}

/**
 * A date range of the list, where the search table keeps the date (PostgreSQL's leads): checked in the same narrow
 * rows as the text, instead of ANDing the text matches with the table's date index.
 */
export function withDateRange(db: DB, table: SearchedTable, search: ListSearch, from: string | undefined, to: string | undefined): ListSearch {
  const searchTable = engineOf(db) === 'postgres' ? SEARCH_TABLES_ON_POSTGRES[table] : undefined
  const range = (column: string) => [...(from ? [sql<SqlBool>`${sql.ref(column)} >= ${from}`] : []), ...(to ? [sql<SqlBool>`${sql.ref(column)} < ${to}`] : [])]
  if (!search.match || !searchTable) return { ...search, conditions: [...search.conditions, ...range(`${table}.${searchTable?.date ?? 'created_at'}`)] }
  return { ...search, match: sql<SqlBool>`${sql.join([search.match, ...range(`${table}_search.${searchTable.date}`)], sql` AND `)}` }
}

/** A value matched literally inside LIKE: its wildcards and the escape character escaped (backslash, the default). */
const likePattern = (value: string) => value.replace(/[\\%_]/g, '\\$&')

/** The search table's rows that match, by the id of the table's row (SQLite's FTS5 names it rowid). */
const matchingIds = (db: DB, table: SearchedTable, match: Expression<SqlBool>) =>
  sql`SELECT ${sql.raw(engineOf(db) === 'postgres' ? 'id' : 'rowid AS id')} FROM ${sql.table(`${table}_search`)} WHERE ${match}`

const matchCondition = (db: DB, table: SearchedTable, match: Expression<SqlBool>) =>
  sql<SqlBool>`${sql.ref(`${table}.id`)} IN (${matchingIds(db, table, match)})`

/** Every filter as SQL conditions: the full-text match first, then the others. */
export function searchConditions(db: DB, table: SearchedTable, { conditions, match }: ListSearch): Expression<SqlBool>[] {
  return match ? [matchCondition(db, table, match), ...conditions] : conditions
}

export const whereClause = (conditions: Expression<SqlBool>[]) => (conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``)

/**
 * A filtered list counts its matching rows up to this many and says "più di 10.000" beyond (its pages reach as far):
 * at 1,000,000 leads, counting every lead whose e-mail holds "gmail" (100,032) takes 110 ms on PostgreSQL and 14 ms on
 * SQLite, counting 10,001 of them 14 and 1.6 ms (docs/decisions/061, addendum). A list without filters reads its exact
 * total from list_totals.
 */
export const COUNTED_UP_TO = 10_000

/** How many of the newest rows a broad text match probes on SQLite for its page before ordering every match (searchedList). */
const RECENT_ROWS = 500

/** Rows counted up to one past COUNTED_UP_TO, so that a count beyond it stops there and is known to be beyond. */
const countedUpTo = (rows: Expression<unknown>) => sql<{ n: number }>`SELECT count(*) AS n FROM (${rows} LIMIT ${COUNTED_UP_TO + 1}) counted`

/** How many rows a full-text query matches (up to one past COUNTED_UP_TO), read from the search table alone. */
async function countMatches(db: DB, table: SearchedTable, match: Expression<SqlBool>): Promise<number> {
  const { rows } = await countedUpTo(sql`SELECT 1 FROM ${sql.table(`${table}_search`)} WHERE ${match}`).execute(db)
  return Number(rows[0]?.n ?? 0)
}

/**
 * How many rows match a full-text query and other conditions: the matches in the search index's order, each checked
 * in `filterIndex` (the table's id and filtered columns) rather than in the row, which is larger and further apart.
 */
async function countMatchesWhere(db: DB, table: SearchedTable, match: Expression<SqlBool>, conditions: Expression<SqlBool>[], filterIndex: string) {
  const { rows } = await countedUpTo(sql`SELECT 1
    FROM (${matchingIds(db, table, match)}) matches
    JOIN ${sql.table(table)} ${indexedBy(db, filterIndex)} ON ${sql.ref(`${table}.id`)} = matches.id
    ${whereClause(conditions)}`).execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** The indexes a searched list's page and total lean on. */
export type ListIndexes = {
  /** The table's date column, which the list orders by (newest first, then the id). */
  date: string
  /** The index on it, newest first: walked for broad text matches. */
  byDate: string
  /** The table's id and the columns its other filters test (SQLite): where text matches are checked against them. */
  filters?: string
}

/**
 * What a page of a searched list needs: its WHERE clause, the number of matching rows (from the search index alone
 * when only text filters apply, from list_totals when none do; with filters, up to COUNTED_UP_TO and `totalCapped`
 * beyond), and the index hint for broad text matches.
 */
export async function searchedList(db: DB, table: SearchedTable, search: ListSearch, indexes: ListIndexes) {
  const matches = search.match ? await countMatches(db, table, search.match) : null
  const all = searchConditions(db, table, search)
  const where = whereClause(all)
  let total: number
  if (all.length === 0)
    total =
      Number(
        table === 'contact_messages'
          ? (await sql<{ n: number }>`SELECT count(*) AS n FROM contact_messages`.execute(db)).rows[0]?.n
          : (await db.selectFrom('list_totals').select(['leads', 'requesters']).executeTakeFirst())?.[table],
      ) || 0
  else if (matches !== null && search.conditions.length === 0) total = matches
  else if (search.match && indexes.filters) total = await countMatchesWhere(db, table, search.match, search.conditions, indexes.filters)
  else total = Number((await countedUpTo(sql`SELECT 1 FROM ${sql.table(table)} ${where}`).execute(db)).rows[0]?.n ?? 0)
  const totalCapped = all.length > 0 && total > COUNTED_UP_TO
  // Many matches: walk the date index newest first and probe them, instead of sorting them all.
  const hint = matches !== null && matches > BROAD_MATCH ? indexedBy(db, indexes.byDate) : sql``
  // PostgreSQL, every filter in the search table: the page's ids from that narrow table and its date index alone (the
  // table's own rows would first be joined to every match).
  const searchTable = engineOf(db) === 'postgres' && search.match && search.conditions.length === 0 ? SEARCH_TABLES_ON_POSTGRES[table] : undefined
  /** The ids of one page, newest first. */
  const pageIds = (limit: number, offset: number) =>
    searchTable
      ? sql`SELECT id FROM ${sql.table(`${table}_search`)} WHERE ${search.match} ORDER BY ${sql.ref(searchTable.date)} DESC, id DESC LIMIT ${limit} OFFSET ${offset}`
      : sql`SELECT id FROM ${sql.table(table)} ${hint} ${where} ORDER BY ${sql.ref(indexes.date)} DESC, id DESC LIMIT ${limit} OFFSET ${offset}`
  /**
   * The ids of one page as rows to select from. On SQLite, for a text match of more than COUNTED_UP_TO rows and no other
   * filter, the newest RECENT_ROWS rows are first probed one by one against the full-text index: a broad match has its
   * early pages there (about 1 ms for "gmail", a tenth of 1,000,000 leads), where ordering every match reads all of
   * them from the index (21 ms). When they do not hold the page, the page query as usual, after at most about 3.5 ms.
   */
  const pageSource = async (limit: number, offset: number) => {
    if (engineOf(db) === 'sqlite' && search.match && search.conditions.length === 0 && totalCapped && offset + limit <= RECENT_ROWS) {
      const date = sql.ref(indexes.date)
      const { rows } = await sql<{ id: number }>`SELECT id FROM (SELECT id, ${date} AS at FROM ${sql.table(table)} ${indexedBy(db, indexes.byDate)}
          ORDER BY ${date} DESC, id DESC LIMIT ${RECENT_ROWS}) recent
        WHERE EXISTS (SELECT 1 FROM ${sql.table(`${table}_search`)} WHERE rowid = recent.id AND ${search.match})
        ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db)
      if (rows.length === limit) return sql`SELECT value AS id FROM json_each(${JSON.stringify(rows.map((row) => row.id))})`
    }
    return pageIds(limit, offset)
  }
  return { where, total: totalCapped ? COUNTED_UP_TO : total, totalCapped, hint, pageIds, pageSource, onSearchTable: searchTable !== undefined }
}

/**
 * The page envelope every list answers with; `totalCapped` when more rows match than `total` (COUNTED_UP_TO), whose
 * pages are the last the page-number bar offers.
 */
export const listPage = <Row>(rows: Row[], total: number, page: number, pageSize: number, totalCapped = false) => ({
  rows,
  total,
  totalCapped,
  page,
  pageSize,
  pageCount: Math.ceil(total / pageSize),
})
