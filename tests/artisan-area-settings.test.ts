import { describe, expect, it } from 'vitest'
import { sendOfferSummaries, startOfferSummaries } from '#server/leads/offer-summary.ts'
import { createLogger } from '#server/logger.ts'
import { comuni } from '#shared/catalog/index.ts'
import { addDays, romeDay, romeWallTimeToUtc } from '#shared/italian-time.ts'
import { errorOf, serveSignedInWithMail, trpcClient } from './helpers/admin.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { startApp } from './helpers/app.ts'
import { artisanClient } from './helpers/artisan-area.ts'
import { openTestDatabase } from './helpers/app-database.ts'
import { isPostgres, readRows } from './helpers/database.ts'

const ADMIN = { email: 'zone@artigianimilano.it', password: 'password sicura 2026' }
/** The app's own jobs run on an afternoon clock, so its morning summary never runs behind a test's back. */
const AFTERNOON = new Date('2026-11-27T15:00:00.000Z')

const site = serveSignedInWithMail(ADMIN, {}, (env) => startApp(env, { now: () => AFTERNOON }))

const rows = <T>(query: string, ...params: unknown[]) => readRows<T>(site.server.databasePath, query, ...params)
let emailCount = 0
/** A craftsman of the register (an electrician based in Milano, as artisan() makes them) and a client signed in to their area. */
async function craftsman(overrides: Parameters<typeof artisan>[0] = {}) {
  const email = `artigiano${++emailCount}@artigiani.example`
  const id = await addArtisan(site.server.databasePath, artisan({ email, contactName: `Artigiano ${emailCount}`, ...overrides }))
  return { id, email, area: artisanClient(site.server.url, site.server.databasePath, id).trpc }
}

/** Everything this file's procedures write about a craftsman: the register's row, the mirrored and materialised rows, the audit. */
const stateOf = (id: number) => ({
  artisan: rows('select specialization_sectors, paused_until, pause_reason, offer_mail, other_mail_stopped_at, unmatched_zones from artisans where id = ?', id),
  sectors: rows('select sector from artisan_sectors where artisan_id = ? order by sector', id),
  coverage: rows('select sector, base_comune_slug, radius_km, comune_slugs from artisan_coverage where artisan_id = ? order by sector', id),
  reached: rows<{ n: number }>('select count(*) as n from artisan_coverage_comuni where artisan_id = ?', id)[0]!.n,
  audit: rows<{ n: number }>("select count(*) as n from audit_log where entity_type = 'artisan' and entity_id = ?", String(id))[0]!.n,
})

const historyOf = async (id: number) => (await site.trpc.admin.artisans.byId.query({ id })).history
const auditRows = (id: number) =>
  rows<{ action: string; actor_kind: string; actor_id: string; actor_email: string }>(
    "select action, actor_kind, actor_id, actor_email from audit_log where entity_type = 'artisan' and entity_id = ? order by id desc",
    String(id),
  )

const today = () => romeDay(Date.now())

describe('Disponibilità', () => {
  it('pauses the craftsman until a day with a reason the office sees, out of the office’s matching, and resumes them', async () => {
    const { id, email, area } = await craftsman()
    const lead = await addLead(site.server.databasePath, quoteLead({ email: 'cliente.pausa@example.com' }))
    const matched = async () => (await site.trpc.admin.leads.matches.query({ id: lead })).candidates.map((candidate) => candidate.id)
    expect(await matched()).toContain(id)
    expect(await area.area.availability.get.query()).toMatchObject({ paused: false, pausedUntil: null })

    const until = addDays(today(), 14)
    expect(await area.area.availability.pause.mutate({ until, reason: ' Ferie in Puglia ' })).toEqual({ pausedUntil: until, pauseReason: 'Ferie in Puglia' })
    expect(await area.area.availability.get.query()).toMatchObject({ paused: true, pausedUntil: until, pauseReason: 'Ferie in Puglia' })
    const office = await site.trpc.admin.artisans.byId.query({ id })
    expect(office.artisan).toMatchObject({ paused_until: until, pause_reason: 'Ferie in Puglia' })
    expect(office.history[0]).toMatchObject({ action: 'pause', actor: email })
    expect(await matched()).not.toContain(id)

    expect(await area.area.availability.resume.mutate()).toEqual({ pausedUntil: null, pauseReason: null })
    expect(await matched()).toContain(id)
    expect(auditRows(id).slice(0, 2)).toEqual([
      { action: 'resume', actor_kind: 'artisan', actor_id: String(id), actor_email: email },
      { action: 'pause', actor_kind: 'artisan', actor_id: String(id), actor_email: email },
    ])
  })

  it('takes today and a year from today, the limits the office has', async () => {
    const { id, area } = await craftsman()
    for (const until of [today(), addDays(today(), 365)]) {
      expect(await area.area.availability.pause.mutate({ until, reason: 'Agenda piena' })).toEqual({ pausedUntil: until, pauseReason: 'Agenda piena' })
    }
    expect(stateOf(id).artisan[0]).toMatchObject({ paused_until: addDays(today(), 365) })
  })

  const badPauses: Array<[string, () => { until: string; reason: string }, string]> = [
    ['yesterday', () => ({ until: addDays(today(), -1), reason: 'Ferie' }), 'La data di fine pausa non può essere nel passato.'],
    ['a day last year', () => ({ until: addDays(today(), -400), reason: 'Ferie' }), 'La data di fine pausa non può essere nel passato.'],
    ['a year and a day from today', () => ({ until: addDays(today(), 366), reason: 'Ferie' }), 'La pausa può durare al massimo un anno.'],
    ['a date written the Italian way', () => ({ until: '27/11/2026', reason: 'Ferie' }), 'Indica la data di fine pausa.'],
    ['a day that does not exist', () => ({ until: '2027-02-30', reason: 'Ferie' }), 'Indica la data di fine pausa.'],
    ['a reason of 5,000 characters', () => ({ until: addDays(today(), 3), reason: 'x'.repeat(5000) }), 'Il motivo può contenere al massimo 200 caratteri.'],
    ['a reason with a line break', () => ({ until: addDays(today(), 3), reason: 'Ferie\nin montagna' }), 'Il motivo deve stare su una riga.'],
    ['no reason', () => ({ until: addDays(today(), 3), reason: '  ' }), 'Indica il motivo della pausa.'],
  ]
  for (const [what, pause, message] of badPauses) {
    it(`refuses a pause with ${what} ("${message}") and stores nothing`, async () => {
      const { id, area } = await craftsman()
      const before = stateOf(id)
      expect(await errorOf(area.area.availability.pause.mutate(pause()))).toMatchObject({ code: 'BAD_REQUEST', status: 400, message })
      expect(stateOf(id)).toEqual(before)
    })
  }
})

const radius = (sector: string, base: string, radius_km: number | null) => ({ sector, base, mode: 'radius' as const, radius_km, comuni: [] as string[] })
const list = (sector: string, base: string, slugs: string[]) => ({ sector, base, mode: 'list' as const, radius_km: null, comuni: slugs })

describe('Zone', () => {
  it('saves the trades and each trade’s coverage into the tables the office’s page writes, as made by the craftsman', async () => {
    const { id, email, area } = await craftsman()
    const before = await area.area.coverage.get.query()
    expect(before.sectors).toEqual(['Elettricista'])
    expect(before.coverage.map((entry) => [entry.sector, entry.base, entry.reached.map((comune) => comune.name)])).toEqual([
      ['Elettricista', 'milano', ['Milano', 'Sesto San Giovanni']],
    ])

    const saved = await area.area.coverage.save.mutate({
      sectors: ['Elettricista', 'Domotica'],
      coverage: [radius('Elettricista', 'rho', 10), list('Domotica', 'cologno-monzese', ['cologno-monzese', 'cernusco-sul-naviglio'])],
    })
    expect(saved.sectors).toEqual(['Elettricista', 'Domotica'])
    expect(saved.coverage.map((entry) => [entry.sector, entry.reached[0]?.name])).toEqual([
      ['Domotica', 'Cologno Monzese'],
      ['Elettricista', 'Rho'],
    ])
    const state = stateOf(id)
    expect(state.artisan[0]).toMatchObject({ specialization_sectors: JSON.stringify(['Elettricista', 'Domotica']), unmatched_zones: '[]' })
    expect(state.sectors).toEqual([{ sector: 'Domotica' }, { sector: 'Elettricista' }])
    expect(state.coverage).toEqual([
      { sector: 'Domotica', base_comune_slug: 'cologno-monzese', radius_km: null, comune_slugs: JSON.stringify(['cologno-monzese', 'cernusco-sul-naviglio']) },
      { sector: 'Elettricista', base_comune_slug: 'rho', radius_km: 10, comune_slugs: '[]' },
    ])
    expect(state.reached).toBe(saved.coverage.reduce((sum, entry) => sum + entry.reached.length, 0))

    // The office reads the same coverage, and its history says the craftsman made the change.
    const office = await site.trpc.admin.artisans.byId.query({ id })
    expect(office.coverage).toEqual(saved.coverage)
    expect(office.artisan.specialization_sectors).toEqual(['Elettricista', 'Domotica'])
    expect(office.history[0]).toMatchObject({ action: 'coverage', actor: email })
    expect(auditRows(id)[0]).toMatchObject({ action: 'coverage', actor_kind: 'artisan', actor_id: String(id) })

    // A lead in Rho now finds them through the dispatcher's own matching; one in Sesto no longer does.
    const rho = await addLead(site.server.databasePath, quoteLead({ email: 'cliente.rho@example.com', comuneSlug: 'rho', placeId: 'comune-rho' }))
    const sesto = await addLead(site.server.databasePath, quoteLead({ email: 'cliente.sesto@example.com' }))
    expect((await site.trpc.admin.leads.matches.query({ id: rho })).candidates.map((candidate) => candidate.id)).toContain(id)
    expect((await site.trpc.admin.leads.matches.query({ id: sesto })).candidates.map((candidate) => candidate.id)).not.toContain(id)

    // A trade given up takes its coverage with it.
    await area.area.coverage.save.mutate({ sectors: ['Domotica'], coverage: [list('Domotica', 'cologno-monzese', ['cologno-monzese'])] })
    expect(stateOf(id).sectors).toEqual([{ sector: 'Domotica' }])
    expect(stateOf(id).coverage.map((entry) => (entry as { sector: string }).sector)).toEqual(['Domotica'])
  })

  const badCoverage: Array<[string, Record<string, unknown>, string]> = [
    ['a radius of 0 km', { sectors: ['Elettricista'], coverage: [radius('Elettricista', 'milano', 0)] }, 'Il raggio deve essere tra 1 e 100 km.'],
    ['a radius of 500 km', { sectors: ['Elettricista'], coverage: [radius('Elettricista', 'milano', 500)] }, 'Il raggio deve essere tra 1 e 100 km.'],
    [
      'a base comune outside the catalogue',
      { sectors: ['Elettricista'], coverage: [radius('Elettricista', 'bergamo', 10)] },
      'Scegli il comune di partenza dall’elenco dei comuni.',
    ],
    ['an unknown comune in the list', { sectors: ['Elettricista'], coverage: [list('Elettricista', 'milano', ['atlantide'])] }, 'Scegli i comuni dall’elenco.'],
    [
      '1,000 comuni',
      {
        sectors: ['Elettricista'],
        coverage: [
          list(
            'Elettricista',
            'milano',
            Array.from({ length: 1000 }, (_, i) => comuni[i % comuni.length]!.slug),
          ),
        ],
      },
      'Troppi comuni.',
    ],
    ['an unknown trade', { sectors: ['Elettricista', 'Astronauta'], coverage: [radius('Elettricista', 'milano', 10)] }, 'Scegli i mestieri dall’elenco.'],
    ['no trade', { sectors: [], coverage: [] }, 'Scegli almeno un mestiere.'],
    [
      'coverage of a trade not chosen',
      { sectors: ['Elettricista'], coverage: [radius('Idraulico', 'milano', 10)] },
      'Idraulico non è tra i tuoi mestieri: sceglilo sopra.',
    ],
    [
      'a trade twice',
      { sectors: ['Elettricista'], coverage: [radius('Elettricista', 'milano', 10), radius('Elettricista', 'rho', 5)] },
      'Ogni settore può comparire una sola volta.',
    ],
  ]
  for (const [what, values, message] of badCoverage) {
    it(`refuses ${what} with "${message}" and stores nothing`, async () => {
      const { id, area } = await craftsman()
      const before = stateOf(id)
      expect(await errorOf(area.area.coverage.save.mutate(values as never))).toMatchObject({ code: 'BAD_REQUEST', status: 400, message })
      expect(stateOf(id)).toEqual(before)
    })
  }
})

describe('Notifiche', () => {
  it('saves how offers arrive and whether other mail does, and the craftsmen’s newsletter leaves out who stopped it', async () => {
    const { id, email, area } = await craftsman()
    expect(await area.area.notifications.get.query()).toEqual({ offerMail: 'immediate', otherMail: true })
    const artisans = async () => (await site.trpc.admin.newsletter.counts.query()).artisans
    const segment = () => site.trpc.admin.newsletter.segmentCount.query({ targetGroup: 'artisans', segment: {} })
    const [counted, inSegment] = [await artisans(), await segment()]

    expect(await area.area.notifications.save.mutate({ offerMail: 'summary', otherMail: false })).toEqual({ offerMail: 'summary', otherMail: false })
    expect(await area.area.notifications.get.query()).toEqual({ offerMail: 'summary', otherMail: false })
    expect(stateOf(id).artisan[0]).toMatchObject({ offer_mail: 'summary', other_mail_stopped_at: expect.any(String) })
    expect(await artisans()).toBe(counted - 1)
    expect(await segment()).toBe(inSegment - 1)
    expect((await historyOf(id))[0]).toMatchObject({ action: 'notifications', actor: email })
    expect(auditRows(id)[0]).toMatchObject({ action: 'notifications', actor_kind: 'artisan', actor_id: String(id) })

    await area.area.notifications.save.mutate({ offerMail: 'both', otherMail: true })
    expect(stateOf(id).artisan[0]).toMatchObject({ offer_mail: 'both', other_mail_stopped_at: null })
    expect(await artisans()).toBe(counted)
  })

  for (const offerMail of ['weekly', '', 'SUMMARY']) {
    it(`refuses the notification mode ${JSON.stringify(offerMail)} with its message and stores nothing`, async () => {
      const { id, area } = await craftsman()
      const before = stateOf(id)
      expect(await errorOf(area.area.notifications.save.mutate({ offerMail, otherMail: true } as never))).toMatchObject({
        code: 'BAD_REQUEST',
        status: 400,
        message: 'Scegli come ricevere le nuove offerte: subito, un riepilogo giornaliero o entrambi.',
      })
      expect(stateOf(id)).toEqual(before)
    })
  }
})

describe('the area reaches only the signed-in craftsman’s rows', () => {
  it('ignores another craftsman’s id in every procedure’s input and changes only the caller’s own rows', async () => {
    const me = await craftsman()
    const other = await craftsman()
    const theirs = stateOf(other.id)
    const ids = { id: other.id, artisanId: other.id }
    await me.area.area.availability.pause.mutate({ ...ids, until: addDays(today(), 2), reason: 'Ferie' } as never)
    await me.area.area.availability.resume.mutate(ids as never)
    await me.area.area.coverage.save.mutate({ ...ids, sectors: ['Fabbro'], coverage: [radius('Fabbro', 'rho', 5)] } as never)
    await me.area.area.notifications.save.mutate({ ...ids, offerMail: 'summary', otherMail: false } as never)
    expect(stateOf(other.id)).toEqual(theirs)
    expect((await me.area.area.coverage.get.query(ids as never)).sectors).toEqual(['Fabbro'])
    expect(await other.area.area.notifications.get.query()).toEqual({ offerMail: 'immediate', otherMail: true })
    expect(stateOf(me.id).sectors).toEqual([{ sector: 'Fabbro' }])
  })

  it('answers UNAUTHORIZED without an area session, and to an administrator’s session, and stores nothing', async () => {
    const { id } = await craftsman()
    const before = stateOf(id)
    for (const client of [trpcClient(site.server.url), trpcClient(site.server.url, site.cookie)]) {
      for (const call of [
        () => client.area.availability.get.query(),
        () => client.area.availability.pause.mutate({ until: addDays(today(), 2), reason: 'Ferie' }),
        () => client.area.availability.resume.mutate(),
        () => client.area.coverage.get.query(),
        () => client.area.coverage.save.mutate({ sectors: ['Fabbro'], coverage: [] }),
        () => client.area.notifications.get.query(),
        () => client.area.notifications.save.mutate({ offerMail: 'summary', otherMail: false }),
      ]) {
        expect(await errorOf(call())).toMatchObject({ code: 'UNAUTHORIZED', status: 401 })
      }
    }
    expect(stateOf(id)).toEqual(before)
  })
})

describe('the morning summary', () => {
  const outboxTo = (email: string, category: string) =>
    rows<{ subject: string; template_props: string }>(
      'select subject, template_props from email_outbox where to_address = ? and category = ? order by id',
      email,
      category,
    )
  const mailsTo = async (email: string) => (await site.ses.emails()).filter((mail) => mail.destination.to.some((to) => to.includes(email)))
  const logger = createLogger('silent')
  /** Another process's database handle on PostgreSQL; SQLite has one writer, the app's own handle. */
  const otherProcessDatabase = () => (isPostgres(site.server.databasePath) ? openTestDatabase(site.server.databasePath) : site.server.db)
  const closeOther = async (db: ReturnType<typeof otherProcessDatabase>) => {
    if (db !== site.server.db) await db.destroy()
  }

  it('replaces the offer mail for "riepilogo", adds to it for "entrambi", and stays away from "subito"; once a day', async () => {
    const summary = await craftsman()
    const both = await craftsman()
    const immediate = await craftsman()
    await summary.area.area.notifications.save.mutate({ offerMail: 'summary', otherMail: true })
    await both.area.area.notifications.save.mutate({ offerMail: 'both', otherMail: true })
    const lead = await addLead(site.server.databasePath, quoteLead({ email: 'cliente.riepilogo@example.com' }))
    await site.trpc.admin.leads.assign.mutate({ id: lead, artisanIds: [summary.id, both.id, immediate.id] })

    // The offer mails of "entrambi" and "subito" are sent; "riepilogo" gets none.
    await expect.poll(async () => (await mailsTo(both.email)).length).toBe(1)
    await expect.poll(async () => (await mailsTo(immediate.email)).length).toBe(1)
    expect(outboxTo(summary.email, 'lead-offer')).toEqual([])
    expect(await mailsTo(summary.email)).toEqual([])

    // Two runs at once (on PostgreSQL from a second pool, as another process would) and a run after them: one summary each.
    const second = otherProcessDatabase()
    try {
      const runs = await Promise.all([sendOfferSummaries(site.server.db, site.server.env), sendOfferSummaries(second, site.server.env)])
      expect(runs[0] + runs[1]).toBe(2)
      expect(await sendOfferSummaries(second, site.server.env)).toBe(0)
    } finally {
      await closeOther(second)
    }
    for (const craftsman of [summary, both]) {
      const queued = outboxTo(craftsman.email, 'offer-summary')
      expect(queued).toHaveLength(1)
      expect(queued[0]!.subject).toBe('Riepilogo: 1 offerta aspetta la tua risposta')
    }
    expect(outboxTo(immediate.email, 'offer-summary')).toEqual([])

    // The summary as delivered: the offer and the link to the area.
    await expect.poll(async () => (await mailsTo(summary.email)).length).toBe(1)
    const [mail] = await mailsTo(summary.email)
    expect(mail!.subject).toBe('Riepilogo: 1 offerta aspetta la tua risposta')
    expect(mail!.body.text).toContain(`Elettricista a Sesto San Giovanni (n. ${lead})`)
    expect(mail!.body.text).toContain(`${site.server.env.PUBLIC_URL}/artigiano/offerte`)
    await expect.poll(async () => (await mailsTo(both.email)).map((sent) => sent.subject.split(':')[0]).sort()).toEqual(['Nuovo lavoro', 'Riepilogo'])
  })

  it('runs in the morning on the Italian clock, only for craftsmen with open offers, once however many processes sweep', async () => {
    const waiting = await craftsman()
    const idle = await craftsman()
    for (const { area } of [waiting, idle]) await area.area.notifications.save.mutate({ offerMail: 'summary', otherMail: true })
    const lead = await addLead(site.server.databasePath, quoteLead({ email: 'cliente.mattina@example.com' }))
    await site.trpc.admin.leads.assign.mutate({ id: lead, artisanIds: [waiting.id] })

    // Tonight at 23:00 nothing goes; tomorrow at 07:45 two sweeping processes send one summary, to the one with an offer.
    const evening = startOfferSummaries({ db: site.server.db, env: site.server.env, logger, now: () => new Date('2026-11-27T22:00:00.000Z'), every: 10 })
    await evening.stop()
    expect(outboxTo(waiting.email, 'offer-summary')).toEqual([])
    const second = otherProcessDatabase()
    const tomorrowMorning = new Date(romeWallTimeToUtc(`${addDays(today(), 1)}T07:45`))
    const morning = () => tomorrowMorning
    const jobs = [site.server.db, second].map((db) => startOfferSummaries({ db, env: site.server.env, logger, now: morning, every: 10 }))
    try {
      await expect.poll(() => outboxTo(waiting.email, 'offer-summary').length).toBe(1)
    } finally {
      for (const job of jobs) await job.stop()
      await closeOther(second)
    }
    expect(outboxTo(waiting.email, 'offer-summary')).toHaveLength(1)
    expect(outboxTo(idle.email, 'offer-summary')).toEqual([])
  })
})
