import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import { RETENTION_KINDS, type RetentionCounts } from '#server/retention/retention.ts'
import { LEAD_ANONYMISED } from '#shared/schemas/admin-leads.ts'
import { createAdmin, errorOf, signIn } from './helpers/admin.ts'
import { addArtisan, addLead, addMessage, artisan, contactMessage, quoteLead } from './helpers/admin-leads.ts'
import { changeRows, databaseEnv, readRows } from './helpers/database.ts'
import { buildDir, type RunningServer, startServer } from './helpers/server.ts'

const run = promisify(execFile)
const DAY = 24 * 60 * 60_000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()

/** npm run db:retention against that database, as an operator runs it. */
const retention = (database: string, ...args: string[]) =>
  run(process.execPath, [`${buildDir()}/server/commands/retention.js`, ...args], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', ...databaseEnv(database) },
  })

const KINDS = RETENTION_KINDS
type Counts = RetentionCounts

/** What the fixtures below make due with the policy's periods (24 months, 12, 12, 90 days). */
const EXPECTED: Counts = {
  requesters: 1,
  leads: 2,
  // The old requester's message to the office, 800 days old, with its mail.
  messages: 1,
  attachments: 1,
  // Two about the old requester's leads (one to the office, one to them), one about their message, one to the old
  // address only, one to the rejected craftsman.
  mails: 5,
  // The old requester's two entries, and the one naming the inactive craftsman.
  timelineEntries: 3,
  newsletterDeliveries: 1,
  mailEvents: 1,
  ratingComments: 1,
  applications: 2,
  artisans: 1,
  // The returning requester's old request and the 100-day-old one.
  leadTechnicalData: 2,
  // The 100-day-old message (the 10-day-old one keeps its own).
  messageTechnicalData: 1,
  signInRecords: 1,
}

const countsIn = (output: string): Counts =>
  Object.fromEntries(KINDS.map((kind) => [kind, Number(new RegExp(`^${kind}: (\\d+)$`, 'm').exec(output)?.[1] ?? Number.NaN)])) as Counts

type Fixtures = {
  oldLeads: number[]
  /** Messages of /contattaci, 100 and 10 days old. */
  messages: number[]
  returningOld: number
  returningNew: number
  middle: number
  recent: number
  keptArtisans: number[]
  goneArtisans: number[]
  rater: number
}

/** Data of every age: a requester from 30 months ago, one who came back last month, applications and craftsmen of various states. */
async function buildFixtures(db: string): Promise<Fixtures> {
  const rater = await addArtisan(db, artisan({ email: 'attivo@impianti.it', status: 'active' }))
  const oldLeads = [
    await addLead(
      db,
      quoteLead({ fullName: 'Vecchio Cliente', email: 'Vecchio@example.com', street: 'Via Roma 10' }),
      [{ fileName: 'foto.jpg', contentType: 'image/jpeg', content: Buffer.from('jpeg') }],
      daysAgo(920),
    ),
    await addLead(
      db,
      quoteLead({ fullName: 'Vecchio Cliente', email: 'vecchio@example.com', serviceId: 'idraulico', serviceName: 'Idraulico' }),
      [],
      daysAgo(800),
    ),
  ]
  const oldMessage = await addMessage(db, contactMessage({ fullName: 'Vecchio Cliente', email: 'vecchio@example.com' }), daysAgo(800))
  const messages = [
    await addMessage(db, contactMessage({ fullName: 'Scrive Spesso', email: 'scrive@example.com' }), daysAgo(100)),
    await addMessage(db, contactMessage({ fullName: 'Scrive Spesso', email: 'scrive@example.com' }), daysAgo(10)),
  ]
  const returningOld = await addLead(db, quoteLead({ fullName: 'Torna Spesso', email: 'ritorno@example.com' }), [], daysAgo(900))
  const returningNew = await addLead(db, quoteLead({ fullName: 'Torna Spesso', email: 'ritorno@example.com' }), [], daysAgo(30))
  const middle = await addLead(db, quoteLead({ fullName: 'Cento Giorni', email: 'medio@example.com' }), [], daysAgo(100))
  const recent = await addLead(db, quoteLead({ fullName: 'Nuovo Cliente', email: 'nuovo@example.com' }), [], daysAgo(10))

  // The old request was offered to a craftsman who accepted it, and rated with a comment.
  changeRows(
    db,
    `insert into lead_assignments (lead_id, artisan_id, assigned_at, response, responded_at) values (?, ?, ?, 'accepted', ?)`,
    oldLeads[0],
    rater,
    daysAgo(919),
    daysAgo(919),
  )
  changeRows(
    db,
    `insert into lead_ratings (lead_id, artisan_id, stars, outcome, comment, created_at, updated_at) values (?, ?, 4, 'fatto', 'Bravo, chiedete di Vecchio', ?, ?)`,
    oldLeads[0],
    rater,
    daysAgo(910),
    daysAgo(910),
  )
  // Its public side, the review, published under the requester's first name and initial.
  changeRows(
    db,
    `insert into reviews (artisan_id, lead_id, stars, comment, author_label, comune, service_name, job_month, status, created_at, published_at)
      values (?, ?, 4, 'Bravo, chiedete di Vecchio', 'Vittorio V.', 'Rho', 'Elettricista', '2024-05', 'published', ?, ?)`,
    rater,
    oldLeads[0],
    daysAgo(910),
    daysAgo(910),
  )
  for (const kind of ['accepted', 'rated']) {
    changeRows(
      db,
      `insert into lead_events (lead_id, created_at, kind, artisan_id, actor, details) values (?, ?, ?, ?, 'cliente', '{}')`,
      oldLeads[0],
      daysAgo(910),
      kind,
      rater,
    )
  }
  const mail = `insert into email_outbox (created_at, updated_at, category, to_address, subject, html, text, next_attempt_at, lead_id, status)
    values (?, ?, ?, ?, 'Oggetto', '', 'Testo', ?, ?, 'sent')`
  changeRows(db, mail, daysAgo(920), daysAgo(920), 'quote-notification', '', daysAgo(920), oldLeads[0])
  changeRows(db, mail, daysAgo(920), daysAgo(920), 'quote-confirmation', ' Vecchio@Example.com', daysAgo(920), oldLeads[0])
  changeRows(db, mail, daysAgo(800), daysAgo(800), 'rating-request', 'vecchio@example.com', daysAgo(800), null)
  changeRows(
    db,
    `insert into email_outbox (created_at, updated_at, category, to_address, subject, html, text, next_attempt_at, contact_message_id, status)
      values (?, ?, 'contact-notification', '', 'Nuovo messaggio', '', 'Testo', ?, ?, 'sent')`,
    daysAgo(800),
    daysAgo(800),
    daysAgo(800),
    oldMessage,
  )
  changeRows(db, mail, daysAgo(30), daysAgo(30), 'quote-confirmation', 'ritorno@example.com', daysAgo(30), returningNew)

  changeRows(
    db,
    `insert into newsletter_jobs (subject, body_html, target_group, idempotency_key, created_at, updated_at, status, total_recipients, sent_count)
      values ('Novità', '<p>Ciao</p>', 'users', 'retention-test', ?, ?, 'completed', 2, 2)`,
    daysAgo(60),
    daysAgo(60),
  )
  const [job] = readRows<{ id: number }>(db, 'select id from newsletter_jobs')
  for (const [email, name] of [
    ['vecchio@example.com', 'Vecchio Cliente'],
    ['ritorno@example.com', 'Torna Spesso'],
  ]) {
    changeRows(
      db,
      `insert into newsletter_deliveries (job_id, email, email_normalized, name, status, sent_at) values (?, ?, ?, ?, 'sent', ?)`,
      job!.id,
      email,
      email,
      name,
      daysAgo(60),
    )
    changeRows(
      db,
      `insert into email_events (kind, email_normalized, job_id, occurred_at, received_at) values ('delivery', ?, ?, ?, ?)`,
      email,
      job!.id,
      daysAgo(60),
      daysAgo(60),
    )
  }

  // Applications and craftsmen: the state and the time of its last change decide.
  const addAgedArtisan = async (email: string, status: string, days: number) => {
    const id = await addArtisan(db, artisan({ email, contactName: `Referente ${email}` }))
    changeRows(db, 'update artisans set status = ?, updated_at = ? where id = ?', status, daysAgo(days), id)
    return id
  }
  const goneArtisans = [
    await addAgedArtisan('rifiutato@impianti.it', 'rejected', 400),
    await addAgedArtisan('mai-visto@impianti.it', 'pending_review', 400),
    await addAgedArtisan('ex@impianti.it', 'inactive', 400),
  ]
  const keptArtisans = [
    rater,
    await addAgedArtisan('rifiutato-da-poco@impianti.it', 'rejected', 200),
    await addAgedArtisan('in-pausa@impianti.it', 'inactive', 60),
    await addAgedArtisan('storico@impianti.it', 'active', 900),
  ]
  changeRows(db, mail, daysAgo(400), daysAgo(400), 'application-received', 'rifiutato@impianti.it', daysAgo(400), null)
  changeRows(
    db,
    `insert into lead_events (lead_id, created_at, kind, artisan_id, actor, details) values (?, ?, 'declined', ?, 'artigiano', '{}')`,
    middle,
    daysAgo(99),
    goneArtisans[2],
  )

  const seconds = (days: number) => Math.floor((Date.now() - days * DAY) / 1000)
  changeRows(db, 'insert into login_known_addresses (key, last_success_at) values (?, ?)', 'vecchio', seconds(100))
  changeRows(db, 'insert into login_known_addresses (key, last_success_at) values (?, ?)', 'recente', seconds(10))
  return { oldLeads, messages, returningOld, returningNew, middle, recent, keptArtisans, goneArtisans, rater }
}

/** The counters the lists and the statistics read, kept by triggers. */
const counters = (db: string) => ({
  totals: readRows(db, 'select leads, requesters from list_totals'),
  days: readRows(db, "select key, day, requests, cumulative from lead_days where dimension = 'all' order by day"),
  rater: readRows(db, 'select offers, accepted, ratings, stars from artisan_response_totals where artisan_id = (select min(id) from artisans)'),
})

/** Everything that names a person, to compare before and after a dry run. */
const personalData = (db: string) =>
  [
    'leads',
    'contact_messages',
    'lead_attachments',
    'email_outbox',
    'lead_events',
    'lead_ratings',
    'reviews',
    'newsletter_deliveries',
    'email_events',
    'artisans',
    'requesters',
    'login_known_addresses',
  ].map((table) => readRows(db, `select * from ${table} order by 1`))

function expectRetained(db: string, fixtures: Fixtures) {
  const old = 'vecchio@example.com'
  // The old requester is nowhere: requests anonymised, files, mail, timeline, deliveries and the requesters list gone.
  expect(readRows(db, 'select count(*) as n from leads where email_normalized = ? or lower(email) = ? or full_name = ?', old, old, 'Vecchio Cliente')).toEqual([
    { n: 0 },
  ])
  expect(
    readRows(
      db,
      `select full_name, email, email_normalized, phone, location_label, place_id, street, marketing_consent_at, marketing_consent_text, description, ip_address,
        user_agent, subject, notes from leads where id in (?, ?) order by id`,
      ...fixtures.oldLeads,
    ),
  ).toEqual(
    fixtures.oldLeads.map(() => ({
      full_name: 'Cliente verificato',
      email: '',
      email_normalized: '',
      phone: null,
      location_label: null,
      place_id: null,
      street: null,
      marketing_consent_at: null,
      marketing_consent_text: null,
      description: '',
      ip_address: null,
      user_agent: null,
      subject: null,
      notes: null,
    })),
  )
  expect(readRows(db, 'select count(*) as n from lead_attachments')).toEqual([{ n: 0 }])
  expect(readRows(db, 'select category, to_address from email_outbox order by id')).toEqual([
    { category: 'quote-confirmation', to_address: 'ritorno@example.com' },
  ])
  expect(readRows(db, 'select lead_id from lead_events order by id')).toEqual([])
  expect(readRows(db, 'select email_normalized from newsletter_deliveries')).toEqual([{ email_normalized: 'ritorno@example.com' }])
  expect(readRows(db, 'select email_normalized from email_events')).toEqual([{ email_normalized: 'ritorno@example.com' }])
  expect(readRows(db, 'select email_normalized, lead_count from requesters order by email_normalized')).toEqual([
    { email_normalized: 'medio@example.com', lead_count: 1 },
    { email_normalized: 'nuovo@example.com', lead_count: 1 },
    { email_normalized: 'ritorno@example.com', lead_count: 2 },
  ])
  // The rating keeps its stars, under no name; the comment, written by the person, goes.
  expect(
    readRows(
      db,
      'select r.stars, r.outcome, r.comment, l.full_name from lead_ratings r join leads l on l.id = r.lead_id where r.artisan_id = ?',
      fixtures.rater,
    ),
  ).toEqual([{ stars: 4, outcome: 'fatto', comment: null, full_name: 'Cliente verificato' }])
  // The public review stays as published, by nobody the site can name or trace to the request.
  expect(readRows(db, 'select lead_id, author_label, stars, comment from reviews where artisan_id = ?', fixtures.rater)).toEqual([
    { lead_id: null, author_label: 'Cliente verificato', stars: 4, comment: 'Bravo, chiedete di Vecchio' },
  ])
  // A requester who came back last month keeps both requests, the old one without its technical data.
  expect(
    readRows(
      db,
      'select id, full_name, ip_address, user_agent from leads where id in (?, ?, ?, ?) order by id',
      fixtures.returningOld,
      fixtures.returningNew,
      fixtures.middle,
      fixtures.recent,
    ),
  ).toEqual([
    { id: fixtures.returningOld, full_name: 'Torna Spesso', ip_address: null, user_agent: null },
    { id: fixtures.returningNew, full_name: 'Torna Spesso', ip_address: '93.41.12.7', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
    { id: fixtures.middle, full_name: 'Cento Giorni', ip_address: null, user_agent: null },
    { id: fixtures.recent, full_name: 'Nuovo Cliente', ip_address: '93.41.12.7', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
  ])
  // Messages are not requests: past the period they go whole; kept ones lose their technical data after 90 days.
  expect(readRows(db, 'select id, full_name, ip_address, user_agent from contact_messages order by id')).toEqual([
    { id: fixtures.messages[0], full_name: 'Scrive Spesso', ip_address: null, user_agent: null },
    { id: fixtures.messages[1], full_name: 'Scrive Spesso', ip_address: '93.41.12.8', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0' },
  ])
  expect(readRows<{ id: number }>(db, 'select id from artisans order by id').map((row) => row.id)).toEqual(fixtures.keptArtisans)
  expect(readRows(db, 'select key from login_known_addresses')).toEqual([{ key: 'recente' }])
}

const retentionAudits = (db: string, trigger: string) =>
  readRows<{ actor_email: string | null; details: string }>(
    db,
    "select actor_email, details from audit_log where action = 'retention' and entity_id = ? order by id",
    trigger,
  ).map((row) => ({ actor: row.actor_email, details: JSON.parse(row.details) as Counts & { periods: unknown } }))
const sumOf = (audits: Array<{ details: Counts }>): Counts =>
  Object.fromEntries(KINDS.map((kind) => [kind, audits.reduce((sum, audit) => sum + audit.details[kind], 0)])) as Counts

let server: RunningServer | undefined
let second: RunningServer | undefined
afterEach(async () => {
  await second?.stop()
  await server?.stop()
  server = undefined
  second = undefined
})

describe('retention of personal data (privacy policy §6)', () => {
  it('npm run db:retention -- --dry-run counts what is due, prints no personal data and changes nothing; without it, it applies the periods once', async () => {
    server = await startServer()
    const db = server.databasePath
    const fixtures = await buildFixtures(db)
    const before = counters(db)
    const data = personalData(db)

    const dry = await retention(db, '--dry-run')
    expect(countsIn(dry.stdout)).toEqual(EXPECTED)
    expect(dry.stdout).toMatch(/^Due now \(dry run, nothing changed\)/)
    expect(dry.stdout).not.toMatch(/@|vecchio|Vecchio|93\.41|Mozilla/)
    expect(personalData(db)).toEqual(data)
    expect(retentionAudits(db, 'command')).toEqual([])

    const done = await retention(db)
    expect(countsIn(done.stdout)).toEqual(EXPECTED)
    expect(done.stdout).not.toMatch(/@|vecchio|Vecchio|93\.41|Mozilla/)
    expectRetained(db, fixtures)
    // Anonymised requests stay counted: the leads list's total, the requests per day, the craftsman's offers and stars;
    // the requesters list has one person fewer.
    const after = counters(db)
    expect(after.days).toEqual(before.days)
    expect(after.rater).toEqual(before.rater)
    expect(after.rater).toEqual([{ offers: 1, accepted: 1, ratings: 1, stars: 4 }])
    expect(after.totals).toEqual([{ leads: (before.totals[0] as { leads: number }).leads, requesters: 3 }])
    expect(readRows(db, 'select (select count(*) from leads) as leads, (select count(*) from requesters) as requesters')).toEqual(after.totals)

    const [audit] = retentionAudits(db, 'command')
    expect(audit).toEqual({
      actor: null,
      details: { ...EXPECTED, periods: { requestMonths: 24, applicationMonths: 12, artisanMonths: 12, technicalDays: 90 } },
    })

    // Once applied, nothing is due any more.
    expect(countsIn((await retention(db)).stdout)).toEqual(Object.fromEntries(KINDS.map((kind) => [kind, 0])))

    // An anonymised request has no contact left for a craftsman: the office can no longer offer it, by hand or to the next one.
    const admin = { email: 'ufficio@artigianimilano.it', password: 'password sicura 2026' }
    await createAdmin(db, admin.email, admin.password)
    const { trpc } = await signIn(server.url, admin.email, admin.password)
    const offers = readRows(db, 'select * from lead_assignments order by id')
    const mails = readRows(db, 'select id from email_outbox order by id')
    expect(await errorOf(trpc.admin.leads.assign.mutate({ id: fixtures.oldLeads[1]!, artisanIds: [fixtures.rater] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: LEAD_ANONYMISED,
    })
    expect(await errorOf(trpc.admin.leads.offerNext.mutate({ id: fixtures.oldLeads[0]! }))).toMatchObject({ code: 'BAD_REQUEST', message: LEAD_ANONYMISED })
    expect(readRows(db, 'select * from lead_assignments order by id')).toEqual(offers)
    expect(readRows(db, 'select id from email_outbox order by id')).toEqual(mails)
  })

  it('runs in the server every RETENTION_EVERY_MINUTES, each run in one process, and two runs at once share the work without doing any of it twice', async () => {
    server = await startServer()
    const db = server.databasePath
    const fixtures = await buildFixtures(db)
    // A second process on the same database runs the job every 1.2 s; the first one's runs are claimed as well.
    second = await startServer({ DATABASE_PATH: db, RETENTION_EVERY_MINUTES: '0.02' })
    await expect.poll(() => sumOf(retentionAudits(db, 'job')), { timeout: 30_000 }).toEqual(EXPECTED)
    expectRetained(db, fixtures)
    expect([...server.logs, ...second.logs].join('\n')).not.toMatch(/retention run failed/)
    await second.stop()
    second = undefined
    await server.stop()

    // Two operator runs at the same moment, on fresh data.
    server = await startServer()
    const again = server.databasePath
    const more = await buildFixtures(again)
    const runs = await Promise.all([retention(again), retention(again)])
    expect(sumOf(runs.map((output) => ({ details: countsIn(output.stdout) })))).toEqual(EXPECTED)
    expect(sumOf(retentionAudits(again, 'command'))).toEqual(EXPECTED)
    expectRetained(again, more)
  })
})

describe('the privacy policy', () => {
  it('states the periods the settings give', async () => {
    server = await startServer({
      RETENTION_REQUEST_MONTHS: '18',
      RETENTION_APPLICATION_MONTHS: '6',
      RETENTION_ARTISAN_MONTHS: '1',
      RETENTION_TECHNICAL_DAYS: '30',
    })
    const page = (await (await fetch(`${server.url}/privacy-policy`)).text()).replace(/<!-- -->/g, '').replace(/&#x27;/g, "'")
    expect(page).toContain("Richieste di preventivo e di contatto: 18 mesi dall'ultima richiesta")
    expect(page).toContain('per 1 mese dopo la sua fine, o 6 mesi se non accolte')
    expect(page).toContain('Registri tecnici: al massimo 30 giorni')
  })
})
