import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signIn, startServerWithAdmin } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { buildDir } from './helpers/server.ts'
import { romeDay } from '#shared/italian-time.ts'
import { changeRows, changeRowsForEach } from './helpers/database.ts'

let server: InProcessSite

beforeAll(async () => {
  server = await startServerWithAdmin({ email: 'admin@artigianimilano.it', password: 'password sicura' }, {}, startApp)
})
afterAll(async () => {
  await server?.stop()
})

const DAY = 24 * 60 * 60 * 1000

describe('the dashboard figures', () => {
  it('counts leads and new requesters of the last 30 days, active artisans and newsletter recipients from the database', async () => {
    const now = Date.now()
    const ago = (days: number) => new Date(now - days * DAY).toISOString()
    // anna: first request 40 days ago, again 2 days ago (not new); bruno: new; carla: new, twice; dario: only old.
    const requests = [
      ['anna@example.com', 40],
      ['anna@example.com', 2],
      ['bruno@example.com', 5],
      ['carla@example.com', 1],
      ['carla@example.com', 0],
      ['dario@example.com', 60],
    ] as const
    changeRowsForEach(
      server.databasePath,
      `insert into leads (kind, created_at, updated_at, full_name, email, email_normalized, service_name, description) values ('quote', ?, ?, 'Cliente', ?, ?, 'Elettricista', 'Lavoro')`,
      requests.map(([email, days]) => [ago(days), ago(days), email, email]),
    )
    changeRowsForEach(
      server.databasePath,
      `insert into artisans (created_at, updated_at, contact_name, email, phone, status) values (?, ?, 'Artigiano', ?, '02', ?)`,
      [
        [ago(1), ago(1), 'ANNA@example.com', 'active'],
        [ago(1), ago(1), 'elio@example.com', 'active'],
        [ago(1), ago(1), 'fabio@example.com', 'pending_review'],
        [ago(1), ago(1), 'gina@example.com', 'inactive'],
      ],
    )
    changeRows(
      server.databasePath,
      `insert into email_suppressions (email_normalized, reason, created_at) values ('dario@example.com', 'unsubscribed', ?), ('gina@example.com', 'erased', ?)`,
      ago(0),
      ago(0),
    )

    const { trpc } = await signIn(server.url, 'admin@artigianimilano.it', 'password sicura')
    const stats = await trpc.admin.dashboard.stats.query()
    expect(stats.leadsLast30Days).toBe(4)
    expect(stats.newRequestersLast30Days).toBe(2)
    expect(stats.activeArtisans).toBe(2)
    expect(stats.pendingArtisans).toBe(1)
    // anna, bruno, carla, elio, fabio (dario and gina suppressed; anna counted once).
    expect(stats.newsletterRecipients).toBe(5)
    expect(stats.leadsPerDay).toHaveLength(30)
    expect(stats.leadsPerDay.reduce((sum, day) => sum + day.leads, 0)).toBe(4)
    expect(stats.leadsPerDay.at(-1)).toEqual({ day: romeDay(now), leads: 1 })
  })
})

describe('the promise kept', () => {
  it('is the share of requests due in the last 30 days that a craftsman accepted by their due time', async () => {
    const now = Date.now()
    const at = (hours: number) => new Date(now + hours * 3_600_000).toISOString()
    // [due, first acceptance]: kept twice, late once, never accepted once; not yet due, or due 40 days ago, not counted.
    const leads: [string, string | null][] = [
      [at(-5), at(-30)],
      [at(-24 * 20), at(-24 * 21)],
      [at(-48), at(-47)],
      [at(-1), null],
      [at(5), at(-1)],
      [at(30), null],
      [at(-24 * 40), null],
    ]
    changeRowsForEach(
      server.databasePath,
      `insert into leads (kind, created_at, updated_at, full_name, email, email_normalized, service_name, description, promise_due_at, first_accepted_at)
        values ('quote', ?, ?, 'Cliente', 'promessa@example.com', 'promessa@example.com', 'Idraulico', 'Lavoro', ?, ?)`,
      leads.map(([due, accepted]) => [at(-24 * 50), at(-24 * 50), due, accepted]),
    )
    const { trpc } = await signIn(server.url, 'admin@artigianimilano.it', 'password sicura')
    expect(await trpc.admin.dashboard.promise.query()).toEqual({ days: 30, due: 4, kept: 2 })
  })
})

describe('the chart library', () => {
  it('ships only in the chunks of the routes that draw charts (dashboard, statistics), never in what the public pages load', () => {
    const client = path.resolve(import.meta.dirname, '..', buildDir(), 'client')
    const manifest = JSON.parse(fs.readFileSync(path.join(client, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; isEntry?: boolean; imports?: string[] }
    >
    const statics = new Set<string>()
    const walk = (key: string) => {
      if (statics.has(key)) return
      statics.add(key)
      for (const next of manifest[key]!.imports ?? []) walk(next)
    }
    walk(Object.keys(manifest).find((key) => manifest[key]!.isEntry)!)
    const withRecharts = Object.entries(manifest)
      .filter(([, chunk]) => chunk.file.endsWith('.js') && fs.readFileSync(path.join(client, chunk.file), 'utf8').includes('recharts-bar-rectangle'))
      .map(([key]) => key)
    // Its own chunk (shared by the dashboard and the statistics), or inside one of theirs.
    const chartRoutes = Object.keys(manifest).filter((key) => /^src\/routes\/admin\/(dashboard|statistics\/index)\.tsx/.test(key))
    expect(chartRoutes.length).toBeGreaterThanOrEqual(2)
    for (const route of chartRoutes) {
      const reached = new Set<string>()
      const reach = (key: string) => {
        if (reached.has(key)) return
        reached.add(key)
        for (const next of manifest[key]!.imports ?? []) reach(next)
      }
      reach(route)
      expect(
        withRecharts.some((key) => reached.has(key)),
        route,
      ).toBe(true)
    }
    expect(withRecharts.filter((key) => statics.has(key))).toEqual([])
  })
})
