import crypto from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { type AdminAccount, errorOf, serveSignedIn, trpcClient } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { openTestDatabase } from './helpers/app-database.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { countSegmentRecipients, insertSegmentDeliveries } from '#server/repositories/newsletter-segments.ts'

const ADMIN: AdminAccount = { email: 'admin@artigianimilano.it', password: 'correct horse battery staple 42' }
// No mail settings: campaigns wait in pending_preparation, so what is stored can be read as it was created.
const site = serveSignedIn(ADMIN, {}, startApp)
const admin = () => site.trpc.admin.newsletter

beforeAll(async () => {
  const db = site.server.databasePath
  const lead = (email: string, serviceId: string, comuneSlug: string, createdAt: string) =>
    addLead(
      db,
      quoteLead({ email, fullName: email.split('@')[0]!, serviceId, serviceName: serviceId, comuneSlug, placeId: `comune-${comuneSlug}` }),
      [],
      createdAt,
    )
  await lead('a@example.com', 'imbianchino', 'sesto-san-giovanni', '2026-03-10T10:00:00.000Z')
  await lead('b@example.com', 'imbianchino', 'sesto-san-giovanni', '2025-06-10T10:00:00.000Z')
  await lead('c@example.com', 'imbianchino', 'rho', '2026-05-10T10:00:00.000Z')
  await lead('d@example.com', 'elettricista', 'sesto-san-giovanni', '2026-05-10T10:00:00.000Z')
  // The same person twice: one recipient.
  await lead('e@example.com', 'idraulico', 'milano', '2026-01-01T10:00:00.000Z')
  await lead('E@Example.com ', 'idraulico', 'milano', '2026-02-01T10:00:00.000Z')
  await lead('suppressed@example.com', 'imbianchino', 'sesto-san-giovanni', '2026-04-01T10:00:00.000Z')
  changeRows(db, "insert into email_suppressions (email_normalized, reason, created_at) values ('suppressed@example.com', 'bounced', '2026-04-02T00:00:00Z')")
  await addArtisan(db, artisan({ email: 'el-rho@example.com', specializationSectors: ['Elettricista'], operativeZones: ['Rho'], status: 'active' }))
  await addArtisan(db, artisan({ email: 'el-milano@example.com', specializationSectors: ['Elettricista'], operativeZones: ['Milano'], status: 'active' }))
  await addArtisan(db, artisan({ email: 'el-rho-off@example.com', specializationSectors: ['Elettricista'], operativeZones: ['Rho'], status: 'inactive' }))
  await addArtisan(db, artisan({ email: 'fabbro-rho@example.com', specializationSectors: ['Fabbro'], operativeZones: ['Rho'], status: 'active' }))
})

const EMPTY = { services: [], categories: [], towns: [], sectors: [], zones: [], statuses: [] }
const count = (targetGroup: 'users' | 'artisans', segment: Record<string, unknown>) =>
  admin().segmentCount.query({ targetGroup, segment: { ...EMPTY, ...segment } as never })
const campaign = (overrides: Record<string, unknown>) =>
  admin().create.mutate({
    subject: 'Offerte di primavera',
    bodyHtml: '<h2>Ciao</h2><p>Testo</p>',
    targetGroup: 'users',
    idempotencyKey: crypto.randomUUID(),
    editor: 'visual',
    ...overrides,
  } as Parameters<ReturnType<typeof admin>['create']['mutate']>[0])

describe('segments: the exact count after suppression', () => {
  it('counts requesters by service, town, category and Italian days', async () => {
    expect(await count('users', {})).toBe(5)
    expect(await count('users', { services: ['imbianchino'] })).toBe(3)
    expect(await count('users', { services: ['imbianchino'], towns: ['sesto-san-giovanni'] })).toBe(2)
    expect(await count('users', { services: ['imbianchino'], towns: ['sesto-san-giovanni'], from: '2026-01-01', to: '2026-12-31' })).toBe(1)
    expect(await count('users', { towns: ['milano'] })).toBe(1)
    // Elettricista belongs to a category; a category adds its services to the chosen ones.
    expect(await count('users', { categories: ['servizi-casa'] })).toBeGreaterThanOrEqual(1)
    expect(await count('users', { towns: ['rho'], from: '2026-05-10', to: '2026-05-10' })).toBe(1)
    expect(await count('users', { towns: ['rho'], from: '2026-05-11' })).toBe(0)
  })

  it('counts craftsmen by sector, zone and status', async () => {
    expect(await count('artisans', {})).toBe(4)
    expect(await count('artisans', { sectors: ['Elettricista'], zones: ['Rho'], statuses: ['active'] })).toBe(1)
    expect(await count('artisans', { sectors: ['Elettricista'], zones: ['rho '] })).toBe(2)
    expect(await count('artisans', { zones: ['Rho'] })).toBe(3)
  })

  it('prepares exactly the recipients it counts', async () => {
    const db = openTestDatabase(site.server.databasePath)
    try {
      const segments: ['users' | 'artisans', Record<string, unknown>][] = [
        ['users', {}],
        ['users', { services: ['imbianchino'] }],
        ['users', { towns: ['sesto-san-giovanni'], from: '2026-01-01' }],
        ['users', { categories: ['servizi-casa'], to: '2026-04-30' }],
        ['artisans', { zones: ['Rho'] }],
        ['artisans', { sectors: ['Elettricista'], statuses: ['active'] }],
      ]
      for (const [group, segment] of segments) {
        const counted = await countSegmentRecipients(db, group, segment)
        expect(await count(group, segment)).toBe(counted)
        const prepared = await db
          .transaction()
          .execute(async (trx) => {
            const at = new Date().toISOString()
            const { id } = await trx
              .insertInto('newsletter_jobs')
              .values({ subject: 's', body_html: 'b', target_group: group, idempotency_key: crypto.randomUUID(), created_at: at, updated_at: at })
              .returning('id')
              .executeTakeFirstOrThrow()
            await insertSegmentDeliveries(trx, id, group, segment)
            const rows = await trx.selectFrom('newsletter_deliveries').select('email_normalized').where('job_id', '=', id).execute()
            throw Object.assign(new Error('roll back'), { rows })
          })
          .catch((error: { rows?: { email_normalized: string }[] }) => error.rows ?? [])
        expect(prepared.length, JSON.stringify(segment)).toBe(counted)
        expect(prepared.map((row) => row.email_normalized)).not.toContain('suppressed@example.com')
      }
    } finally {
      await db.destroy()
    }
  })

  it('refuses a filter that is not in the catalogue, and a period that ends before it starts', async () => {
    for (const segment of [{ services: ['nope'] }, { towns: ['atlantide'] }, { categories: ['x'] }, { sectors: ['Astronauta'] }, { statuses: ['sleeping'] }]) {
      expect((await errorOf(count('users', segment as never))).message).toContain('Filtro del segmento non valido.')
    }
    expect((await errorOf(count('users', { from: '2026-05-02', to: '2026-05-01' }))).message).toContain(
      'Scegli un periodo valido: la data di inizio non può essere successiva a quella di fine.',
    )
  })
})

describe('campaigns aimed at a segment', () => {
  it('keeps the segment it was created for and prepares exactly its recipients', async () => {
    const { job } = await campaign({ segment: { ...EMPTY, services: ['imbianchino'], towns: ['sesto-san-giovanni'], sectors: ['Fabbro'] } })
    expect(JSON.parse(job.filters)).toEqual({ services: ['imbianchino'], towns: ['sesto-san-giovanni'] })
    expect(job.status).toBe('pending_preparation')
  })

  it('a segment that matches nobody cannot be sent or scheduled; it can be kept as a draft', async () => {
    const before = readRows(site.server.databasePath, 'select id from newsletter_jobs').length
    const nobody = { ...EMPTY, towns: ['rho'], services: ['elettricista'] }
    for (const action of ['send', 'schedule'] as const) {
      const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 16)
      const refusal = await errorOf(campaign({ segment: nobody, action, scheduledAt: soon }))
      expect(refusal).toMatchObject({ code: 'BAD_REQUEST', message: 'Il segmento scelto non ha destinatari: cambia i filtri.' })
    }
    expect(readRows(site.server.databasePath, 'select id from newsletter_jobs')).toHaveLength(before)
    const { job } = await campaign({ segment: nobody, action: 'draft' })
    expect(job.status).toBe('draft')
  })

  it('a scheduled time in the past is refused; a future one is kept in UTC from the Italian clock, and can be unscheduled', async () => {
    const before = readRows(site.server.databasePath, 'select id from newsletter_jobs').length
    for (const scheduledAt of ['2020-01-01T10:00', '2026-11-01T00:00']) {
      expect(await errorOf(campaign({ action: 'schedule', scheduledAt }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: "Scegli una data e un'ora future per l'invio programmato.",
      })
    }
    expect((await errorOf(campaign({ action: 'schedule', scheduledAt: 'domani' }))).message).toContain("Indica data e ora dell'invio programmato.")
    expect((await errorOf(campaign({ action: 'schedule' }))).message).toContain("Indica data e ora dell'invio programmato.")
    expect(readRows(site.server.databasePath, 'select id from newsletter_jobs')).toHaveLength(before)
    const year = new Date().getUTCFullYear() + 1
    // Summer time in Italy: 09:30 is 07:30 UTC; winter: 09:30 is 08:30 UTC.
    const { job: summer } = await campaign({ action: 'schedule', scheduledAt: `${year}-07-01T09:30` })
    expect(summer).toMatchObject({ status: 'scheduled', scheduled_at: `${year}-07-01T07:30:00.000Z` })
    const { job: winter } = await campaign({ action: 'schedule', scheduledAt: `${year - 1}-12-30T09:30` })
    expect(winter.scheduled_at).toBe(`${year - 1}-12-30T08:30:00.000Z`)
    expect((await admin().unschedule.mutate({ id: summer.id })).status).toBe('draft')
    expect((await errorOf(admin().unschedule.mutate({ id: summer.id }))).message).toBe('Questa campagna non è programmata.')
  })

  it('a draft reopens as written and can be sent; a campaign that left cannot be edited', async () => {
    const body = '<h1>Titolo</h1><p><strong>Grassetto</strong> e <a href="https://www.artigianimilano.it/">un link</a></p>'
    const { job } = await campaign({ action: 'draft', bodyHtml: body, segment: { ...EMPTY, towns: ['sesto-san-giovanni'] } })
    const reopened = await admin().editable.query({ id: job.id })
    expect(reopened).toMatchObject({ body, editor: 'visual', targetGroup: 'users', segment: { towns: ['sesto-san-giovanni'] }, status: 'draft' })
    const sent = await admin().update.mutate({
      id: job.id,
      subject: 'Ora si parte',
      bodyHtml: body,
      targetGroup: 'users',
      editor: 'visual',
      segment: { ...EMPTY, towns: ['sesto-san-giovanni'] },
      action: 'send',
      idempotencyKey: crypto.randomUUID(),
    })
    expect(sent.job).toMatchObject({ status: 'pending_preparation', subject: 'Ora si parte' })
    expect(await errorOf(admin().editable.query({ id: job.id }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Questa campagna è già partita: non si può più modificare.',
    })
  })
})

describe('what the editor writes never carries anything that runs', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)">a</a>',
    '<a href="JaVaScRiPt:alert(1)">b</a>',
    '<a href=" javascript:alert(1)">c</a>',
    '<p onclick="alert(1)" onmouseover="alert(2)">d</p>',
    '<img src="https://x.example/a.png" onerror="alert(3)">',
    '<img src="http://x.example/plain.png">',
    '<img src="data:image/png;base64,AAAA">',
    '<iframe src="https://evil.example/"></iframe>',
    '<svg onload="alert(4)"></svg>',
    '<form action="https://evil.example/"><input name="x"></form>',
  ].join('')
  for (const editor of ['visual', 'html'] as const) {
    it(`${editor === 'visual' ? 'Editor' : 'HTML avanzato'}: scripts, javascript: links, handlers, frames and non-https images are gone`, async () => {
      const { job } = await campaign({ editor, bodyHtml: `<p>Ciao</p>${hostile}` })
      const [{ body_html }] = readRows<{ body_html: string }>(site.server.databasePath, 'select body_html from newsletter_jobs where id = ?', job.id) as [
        { body_html: string },
      ]
      expect(body_html).toContain('Ciao')
      for (const bad of [/<script/i, /javascript:/i, /\son[a-z]+=/i, /<iframe/i, /<svg/i, /<form/i, /http:\/\/x\.example/, /data:image/])
        expect(body_html).not.toMatch(bad)
      expect(body_html).toContain('https://x.example/a.png')
      if (editor === 'visual') {
        // Framed in the site's layout, with the styles inline for mail clients.
        expect(body_html).toContain('Artigiani Milano')
        expect(body_html).toMatch(/<p style="font-size:15px/)
      }
      const preview = await admin().preview.mutate({ subject: 'x', bodyHtml: hostile, targetGroup: 'users', editor })
      for (const bad of [/<script/i, /javascript:/i, /\son[a-z]+=/i, /<iframe/i]) expect(preview.html).not.toMatch(bad)
    })
  }

  // Each construct names "cattivo": none may reach the stored or previewed HTML, whatever its spelling.
  const loadsOrRuns = [
    '<img src="https://x.example/a.png" srcset="http://x.example/cattivo1.png 2x, https://x.example/cattivo2.png 3x">',
    '<img src="https://x.example/b.png" SRCSET="https://x.example/cattivo3.png 2x">',
    '<meta http-equiv="refresh" content="0;url=https://cattivo4.example/">',
    '<meta HTTP-EQUIV="Refresh" content="0;url=https://cattivo5.example/">',
    '<p style="background:url(javascript:alert(\'cattivo6\'))">1</p>',
    `<p style='background:url( "javascript:cattivo7()")'>2</p>`,
    '<p style="background:url(java\\73 cript:cattivo8())">3</p>',
    '<p style="background:\\75 rl(javascript:cattivo9())">4</p>',
    '<p style="behavior:url(cattivo10.htc)">5</p>',
    '<p style="-ms-behavior:url(https://x.example/cattivo11.htc)">6</p>',
    '<p style="width:expression(cattivo12())">7</p>',
    '<p style="width:expr/**/ession(cattivo13())">8</p>',
    '<p style="width:e\\78 pression(cattivo14())">9</p>',
    '<p style="-moz-binding:url(https://x.example/cattivo15.xml#x)">10</p>',
    '<p style="background:url(http://x.example/cattivo16.png)">11</p>',
    '<p style="background:url(//x.example/cattivo17.png)">12</p>',
    `<p style="background-image:image-set('http://x.example/cattivo18.png' 1x)">13</p>`,
    '<p style="BACKGROUND:URL(JAVASCRIPT:cattivo19())">14</p>',
    '<p style="color:red;background:url(&#x27;javascript:cattivo20()&#x27;)">15</p>',
    '<style>@import url(https://x.example/cattivo21.css); p{background:url(javascript:cattivo22())} .b{behavior:url(cattivo23.htc)}',
    '@media (max-width:600px){.c{width:expression(cattivo24())}} @font-face{font-family:Buono;src:url(http://x.example/cattivo25.woff)}',
    '.d{-moz-binding:url(cattivo26.xml)} .e{background:url("java\\09script:cattivo27()")}</style>',
    '<style>@\\69mport "cattivo28.css";</style>',
    '<style>@IMPORT "https://x.example/cattivo29.css";</style>',
    '<style>a{}</style/><img src=x onerror=cattivo30()></style>',
    '<table background="http://x.example/cattivo31.png"><tr><td>16</td></tr></table>',
    '<style>.f{color:#0d0e0f}',
  ].join('')
  const kept = '<p style="color:#0a0b0c;background:url(https://x.example/buono.png)">buono</p><meta charset="utf-8">'
  for (const editor of ['visual', 'html'] as const) {
    it(`${editor === 'visual' ? 'Editor' : 'HTML avanzato'}: srcset, meta refresh and CSS that runs or loads over http are gone`, async () => {
      const { job } = await campaign({ editor, bodyHtml: `${kept}${loadsOrRuns}` })
      const [{ body_html }] = readRows<{ body_html: string }>(site.server.databasePath, 'select body_html from newsletter_jobs where id = ?', job.id) as [
        { body_html: string },
      ]
      const preview = await admin().preview.mutate({ subject: 'x', bodyHtml: `${kept}${loadsOrRuns}`, targetGroup: 'users', editor })
      for (const html of [body_html, preview.html]) {
        expect(html).toContain('buono')
        for (const bad of [/cattivo/i, /srcset/i, /http-equiv="?refresh/i, /refresh/i, /expression/i, /behavior/i, /binding/i, /@import/i, /javascript/i, /\\/])
          expect(html).not.toMatch(bad)
        if (editor === 'html') {
          // The author's own safe CSS stays.
          expect(html).toContain('color:#0a0b0c;background:url(https://x.example/buono.png)')
          expect(html).toContain('<meta charset="utf-8" />')
          expect(html).not.toMatch(/http-equiv/i)
          expect(html).toMatch(/<style>[^<]*\.f\{color:#0d0e0f\}[^<]*<\/style>/)
        }
      }
    })
  }
})

describe("the requesters' audience: those who consented, and the others only through the soft opt-in", () => {
  const audit = () =>
    readRows<{ action: string; actor_email: string }>(
      site.server.databasePath,
      "select action, actor_email from audit_log where entity_type = 'app_setting' and entity_id = 'newsletter_soft_opt_in' order by id",
    )
  const privacyPolicy = async () => (await fetch(`${site.server.url}/privacy-policy`)).text()
  const prepared = async (segment: Record<string, unknown>) => {
    const db = openTestDatabase(site.server.databasePath)
    try {
      return await db
        .transaction()
        .execute(async (trx) => {
          const at = new Date().toISOString()
          const { id } = await trx
            .insertInto('newsletter_jobs')
            .values({ subject: 's', body_html: 'b', target_group: 'users', idempotency_key: crypto.randomUUID(), created_at: at, updated_at: at })
            .returning('id')
            .executeTakeFirstOrThrow()
          await insertSegmentDeliveries(trx, id, 'users', segment)
          const rows = await trx.selectFrom('newsletter_deliveries').select('email_normalized').where('job_id', '=', id).orderBy('email_normalized').execute()
          throw Object.assign(new Error('roll back'), { rows })
        })
        .catch((error: { rows?: { email_normalized: string }[] }) => (error.rows ?? []).map((row) => row.email_normalized))
    } finally {
      await db.destroy()
    }
  }

  it('reaches by default only the requesters who ticked the consent; the soft opt-in, turned on and off by the owner, is audited and stated by the privacy policy', async () => {
    const db = site.server.databasePath
    const glazier = (email: string, consent: boolean, createdAt: string) =>
      addLead(
        db,
        quoteLead({ email, serviceId: 'vetraio', serviceName: 'Vetraio', ...(consent ? {} : { marketingConsentAt: null, marketingConsentText: null }) }),
        [],
        createdAt,
      )
    await glazier('con.consenso@example.com', true, '2026-06-01T10:00:00.000Z')
    await glazier('senza.consenso@example.com', false, '2026-06-01T10:00:00.000Z')
    // A second request with the box ticked is consent enough; an unsubscribed address stays out whatever it ticked.
    await glazier('poi.consenso@example.com', false, '2026-06-01T10:00:00.000Z')
    await glazier('poi.consenso@example.com', true, '2026-06-02T10:00:00.000Z')
    await glazier('disiscritto@example.com', true, '2026-06-01T10:00:00.000Z')
    changeRows(
      db,
      "insert into email_suppressions (email_normalized, reason, created_at) values ('disiscritto@example.com', 'unsubscribed', '2026-06-03T00:00:00Z')",
    )
    const glaziers = { services: ['vetraio'] }
    const everyone = (await admin().counts.query()).users

    expect(await admin().audience.query()).toMatchObject({ softOptIn: false })
    expect(await count('users', glaziers)).toBe(2)
    expect(await prepared(glaziers)).toEqual(['con.consenso@example.com', 'poi.consenso@example.com'])
    expect(await privacyPolicy()).toContain('Senza quel consenso non ti inviamo newsletter')

    // Turning it on without the legal note read is refused, and changes nothing.
    expect(await errorOf(admin().setSoftOptIn.mutate({ enabled: true }))).toMatchObject({
      status: 400,
      message: expect.stringContaining('Per attivare il soft opt-in conferma di aver letto la nota legale.'),
    })
    expect(await admin().audience.query()).toMatchObject({ softOptIn: false })
    expect(audit()).toEqual([])

    expect(await admin().setSoftOptIn.mutate({ enabled: true, noteRead: true })).toEqual({ softOptIn: true })
    expect(await admin().audience.query()).toMatchObject({ softOptIn: true, note: expect.stringContaining('Art. 130, comma 4') })
    expect(await count('users', glaziers)).toBe(3)
    expect((await admin().counts.query()).users).toBe(everyone + 1)
    expect(await prepared(glaziers)).toEqual(['con.consenso@example.com', 'poi.consenso@example.com', 'senza.consenso@example.com'])
    expect(await privacyPolicy()).toContain('art. 130, comma 4, Codice privacy')
    expect(audit()).toEqual([{ action: 'soft_opt_in_on', actor_email: ADMIN.email }])

    // The same choice again records nothing; turning it off is audited and takes the others out again.
    await admin().setSoftOptIn.mutate({ enabled: true, noteRead: true })
    await admin().setSoftOptIn.mutate({ enabled: false })
    expect(await count('users', glaziers)).toBe(2)
    expect((await admin().counts.query()).users).toBe(everyone)
    expect(await privacyPolicy()).toContain('Senza quel consenso non ti inviamo newsletter')
    expect(audit()).toEqual([
      { action: 'soft_opt_in_on', actor_email: ADMIN.email },
      { action: 'soft_opt_in_off', actor_email: ADMIN.email },
    ])
  })

  it('is changed by an administrator only', async () => {
    const anonymous = trpcClient(site.server.url)
    expect((await errorOf(anonymous.admin.newsletter.setSoftOptIn.mutate({ enabled: true, noteRead: true }))).code).toBe('UNAUTHORIZED')
    expect(await admin().audience.query()).toMatchObject({ softOptIn: false })
  })
})
