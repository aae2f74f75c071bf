import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, startSignedIn } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { addLead, addLeadCopies, quoteLead } from './helpers/admin-leads.ts'
import { countRowsOf, readRows } from './helpers/database.ts'

// A filtered list counts up to 10,000 matching rows (server/repositories/search.ts, COUNTED_UP_TO). On SQLite only: the
// counting statement is the same on both engines, and on PostgreSQL 10,005 leads written in one transaction update
// the same running-total rows 10,005 times, each update slower than the last (minutes); the lists' searches and
// totals on PostgreSQL are tested with the leads' work (tests/admin-leads-work.test.ts).

const ADMIN = { email: 'conteggi@artigianimilano.it', password: 'password sicura 2026' }

let server: InProcessSite
let trpc: AdminClient

beforeAll(async () => {
  ;({ server, trpc } = await startSignedIn(ADMIN, {}, startApp))
  await addLead(server.databasePath, quoteLead({ serviceId: 'idraulico', serviceName: 'Idraulico' }), [], '2026-09-01T09:00:00.000Z')
})
afterAll(async () => {
  await server?.stop()
})

describe('a search matching more than 10,000 leads', () => {
  it('counts up to 10,000 and says there are more, its pages reaching that far; a list without filters counts them all', async () => {
    const template = readRows<Record<string, unknown>>(server.databasePath, 'select * from leads order by id limit 1')[0]!
    const copies = (n: number, prefix: string, createdAt: string) => addLeadCopies(server.databasePath, Number(template.id), n, prefix, createdAt)
    copies(10_005, 'contamolti', '2026-09-01T10:00:00.000Z')
    const newest = readRows<{ id: number }>(server.databasePath, "select id from leads where email like 'contamolti%' order by id desc limit 20").map(
      (r) => r.id,
    )
    const broad = await trpc.admin.leads.list.query({ page: 1, email: 'contamolti' })
    expect(broad).toMatchObject({ total: 10_000, totalCapped: true, pageCount: 1000 })
    expect(broad.rows.map((row) => row.id)).toEqual(newest.slice(0, 10))
    expect((await trpc.admin.leads.list.query({ page: 2, email: 'contamolti' })).rows.map((row) => row.id)).toEqual(newest.slice(10))
    expect((await trpc.admin.leads.list.query({ page: 1000, email: 'contamolti' })).rows).toHaveLength(10)
    // The fragment with another filter, a filter without text, and the unique requesters: counted up to 10,000 too.
    for (const filters of [
      { email: 'contamolti', service: String(template.service_id) },
      { from: '2026-09-01', to: '2026-09-01' },
    ]) {
      expect(await trpc.admin.leads.list.query({ page: 1, ...filters })).toMatchObject({ total: 10_000, totalCapped: true })
    }
    expect(await trpc.admin.requesters.list.query({ page: 1, email: 'contamolti' })).toMatchObject({ total: 10_000, totalCapped: true })
    // Fewer matches are counted exactly; without filters, the kept total of every lead.
    expect(await trpc.admin.leads.list.query({ page: 1, email: 'contamolti10004@' })).toMatchObject({ total: 1, totalCapped: false })
    const all = countRowsOf(server.databasePath, 'leads')
    expect(all).toBeGreaterThan(10_005)
    expect(await trpc.admin.leads.list.query({ page: 1 })).toMatchObject({ total: all, totalCapped: false, pageCount: Math.ceil(all / 10) })
    // 600 newer leads that do not match: the newest rows no longer hold the first pages (SQLite probes the newest 500
    // for a broad match, server/repositories/search.ts), which come from every match, the same.
    copies(600, 'altri', '2026-09-02T10:00:00.000Z')
    for (const page of [1, 2]) {
      const ids = (await trpc.admin.leads.list.query({ page, email: 'contamolti' })).rows.map((row) => row.id)
      expect(ids).toEqual(newest.slice((page - 1) * 10, page * 10))
    }
  })
})
