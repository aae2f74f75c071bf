import { describe, expect, it } from 'vitest'
import type { VisitRow } from '#server/analytics/visits.ts'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { addVisits, rebuildVisitTotals, sourcesOfDay } from './visits.ts'

const database = serveTestDatabase()

const visit = (day: string, path: string, source: string, visits: number): VisitRow => ({ day, path, source, visits })

/** Every table the visits are counted in, in a fixed order. */
async function counted() {
  const db = database()
  return {
    pages: await db.selectFrom('page_visits').select(['day', 'path', 'source', 'visits']).orderBy('day').orderBy('path').orderBy('source').execute(),
    byPath: await db.selectFrom('page_visit_days').select(['path', 'day', 'visits', 'cumulative']).orderBy('path').orderBy('day').execute(),
    bySource: await db.selectFrom('visit_source_days').select(['source', 'day', 'visits', 'cumulative']).orderBy('source').orderBy('day').execute(),
    days: await db.selectFrom('visit_days').select(['day', 'visits', 'uncounted']).orderBy('day').execute(),
    paths: await db.selectFrom('visit_paths').select(['path', 'total', 'last_day']).orderBy('path').execute(),
    sources: await db.selectFrom('visit_sources').select(['source', 'total', 'last_day']).orderBy('source').execute(),
  }
}

/** Two flushes of three days' visits; the second, just after midnight, still carries the 11th's and the 10th's before the 12th's. */
async function twoFlushes(uncounted: Array<{ day: string; requests: number }>) {
  await addVisits(database(), {
    rows: [visit('2026-11-10', '/', 'diretto', 2), visit('2026-11-10', '/idraulico', 'google', 1), visit('2026-11-12', '/', 'diretto', 3)],
    uncounted: [],
  })
  await addVisits(database(), {
    rows: [visit('2026-11-10', '/', 'diretto', 1), visit('2026-11-11', '/', 'google', 4), visit('2026-11-12', '/idraulico', 'google', 2)],
    uncounted,
  })
}

describe('counted visits', () => {
  it('add up per page, source and day across flushes, with running totals that a late flush of yesterday updates', async () => {
    await twoFlushes([{ day: '2026-11-12', requests: 5 }])
    expect(await counted()).toEqual({
      pages: [
        { day: '2026-11-10', path: '/', source: 'diretto', visits: 3 },
        { day: '2026-11-10', path: '/idraulico', source: 'google', visits: 1 },
        { day: '2026-11-11', path: '/', source: 'google', visits: 4 },
        { day: '2026-11-12', path: '/', source: 'diretto', visits: 3 },
        { day: '2026-11-12', path: '/idraulico', source: 'google', visits: 2 },
      ],
      byPath: [
        { path: '/', day: '2026-11-10', visits: 3, cumulative: 3 },
        { path: '/', day: '2026-11-11', visits: 4, cumulative: 7 },
        { path: '/', day: '2026-11-12', visits: 3, cumulative: 10 },
        { path: '/idraulico', day: '2026-11-10', visits: 1, cumulative: 1 },
        { path: '/idraulico', day: '2026-11-12', visits: 2, cumulative: 3 },
      ],
      bySource: [
        { source: 'diretto', day: '2026-11-10', visits: 3, cumulative: 3 },
        { source: 'diretto', day: '2026-11-12', visits: 3, cumulative: 6 },
        { source: 'google', day: '2026-11-10', visits: 1, cumulative: 1 },
        { source: 'google', day: '2026-11-11', visits: 4, cumulative: 5 },
        { source: 'google', day: '2026-11-12', visits: 2, cumulative: 7 },
      ],
      days: [
        { day: '2026-11-10', visits: 4, uncounted: 0 },
        { day: '2026-11-11', visits: 4, uncounted: 0 },
        { day: '2026-11-12', visits: 5, uncounted: 5 },
      ],
      // The last day stays the latest one even when a later flush brings an earlier day.
      paths: [
        { path: '/', total: 10, last_day: '2026-11-12' },
        { path: '/idraulico', total: 3, last_day: '2026-11-12' },
      ],
      sources: [
        { source: 'diretto', total: 6, last_day: '2026-11-12' },
        { source: 'google', total: 7, last_day: '2026-11-12' },
      ],
    })
    // Nothing to write writes nothing.
    await addVisits(database(), { rows: [], uncounted: [] })
    expect((await counted()).days).toHaveLength(3)
  })

  it('moved from altro to a source listed since leave the page’s total as it was, and no row of altro at zero', async () => {
    const db = database()
    // Three visits from a campaign that waits for its third address, counted as altro meanwhile.
    await addVisits(db, { rows: [visit('2026-11-10', '/', 'altro', 2), visit('2026-11-10', '/', 'diretto', 1)], uncounted: [] })
    await addVisits(db, { rows: [visit('2026-11-10', '/', 'altro', -2), visit('2026-11-10', '/', 'google / cpc / autunno', 3)], uncounted: [] })
    const after = await counted()
    expect(after.pages).toEqual([
      { day: '2026-11-10', path: '/', source: 'diretto', visits: 1 },
      { day: '2026-11-10', path: '/', source: 'google / cpc / autunno', visits: 3 },
    ])
    expect(after.byPath).toEqual([{ path: '/', day: '2026-11-10', visits: 4, cumulative: 4 }])
    expect(after.bySource).toEqual([
      { source: 'altro', day: '2026-11-10', visits: 0, cumulative: 0 },
      { source: 'diretto', day: '2026-11-10', visits: 1, cumulative: 1 },
      { source: 'google / cpc / autunno', day: '2026-11-10', visits: 3, cumulative: 3 },
    ])
    expect(after.days).toEqual([{ day: '2026-11-10', visits: 4, uncounted: 0 }])
    expect(await sourcesOfDay(db, '2026-11-10').then((sources) => sources.sort())).toEqual(['diretto', 'google / cpc / autunno'])
  })

  it('of a flood of campaigns counted as altro make one row for the page, however many flushes', async () => {
    const db = database()
    for (let flush = 0; flush < 20; flush++) {
      await addVisits(db, { rows: [visit('2026-11-10', '/', 'altro', 50)], uncounted: flush % 2 ? [{ day: '2026-11-10', requests: 1 }] : [] })
    }
    const after = await counted()
    expect(after.pages).toEqual([{ day: '2026-11-10', path: '/', source: 'altro', visits: 1000 }])
    expect(after.byPath).toEqual([{ path: '/', day: '2026-11-10', visits: 1000, cumulative: 1000 }])
    expect(after.days).toEqual([{ day: '2026-11-10', visits: 1000, uncounted: 10 }])
  })

  it('name the sources of one day only, each once, for a restarted process', async () => {
    const db = database()
    await addVisits(db, {
      rows: [
        visit('2026-11-10', '/', 'google', 1),
        visit('2026-11-10', '/idraulico', 'google', 1),
        visit('2026-11-10', '/', 'newsletter', 1),
        visit('2026-11-11', '/', 'facebook', 1),
      ],
      uncounted: [],
    })
    expect((await sourcesOfDay(db, '2026-11-10')).sort()).toEqual(['google', 'newsletter'])
    expect(await sourcesOfDay(db, '2026-11-11')).toEqual(['facebook'])
    expect(await sourcesOfDay(db, '2026-11-12')).toEqual([])
  })
})

describe('the running totals of visits', () => {
  it('rebuilt from page_visits alone, as after a bulk load, equal the totals kept flush by flush', async () => {
    await twoFlushes([])
    const kept = await counted()
    await rebuildVisitTotals(database())
    expect(await counted()).toEqual(kept)
    expect(kept.paths).toEqual([
      { path: '/', total: 10, last_day: '2026-11-12' },
      { path: '/idraulico', total: 3, last_day: '2026-11-12' },
    ])
  })
})
