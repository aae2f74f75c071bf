import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { type DB, openDatabase } from '#db/client.ts'
import { loadEnv } from '#server/env.ts'
import { createSesWebhookRoutes } from '#server/http/ses-webhook.ts'
import { createLogger } from '#server/logger.ts'
import { AMAZON_SNS_HOST, createSnsVerifier, SIGNING_CERTIFICATES_KEPT, SnsRefusal } from '#server/mail/sns.ts'
import { campaignReport, campaignReportRows, mailHealth } from '#server/repositories/mail-feedback.ts'
import { type FakeSns, sesNotification, startFakeSns, TOPIC } from '#tests/helpers/sns.ts'

const OFFICE = 'richieste@artigianimilano.it'
/** The path shape of Amazon's signing certificates. */
const PEM = '/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem'
const RECIPIENTS = ['mario.rossi@example.com', 'giulia.bianchi@example.com', 'luca.verdi@example.com', 'anna.neri@example.com']

let sns: FakeSns
let dir: string
let db: DB
let lines: string[] = []
let webhook: ReturnType<typeof createSesWebhookRoutes>

beforeAll(async () => {
  sns = await startFakeSns()
})
afterAll(async () => {
  await sns.stop()
  await db?.destroy()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
})

beforeEach(async () => {
  if (db) await db.destroy()
  if (dir) fs.rmSync(dir, { recursive: true, force: true })
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'artigiani-ses-webhook-'))
  // A copy of the database global setup migrated.
  fs.copyFileSync(inject('sqliteTemplate'), path.join(dir, 'app.db'))
  db = openDatabase(path.join(dir, 'app.db')).db
  const at = new Date().toISOString()
  await db
    .insertInto('newsletter_jobs')
    .values({
      id: 7,
      subject: 'Novità',
      body_html: '<p>x</p>',
      target_group: 'users',
      status: 'completed',
      idempotency_key: 'k',
      created_at: at,
      updated_at: at,
    })
    .execute()
  await db
    .insertInto('newsletter_deliveries')
    .values(RECIPIENTS.map((email, i) => ({ id: i + 1, job_id: 7, email, email_normalized: email, status: 'sent', sent_at: at, message_id: `ses-${i + 1}` })))
    .execute()
  // One delivery a crash left unconfirmed: no SES message id, only the header.
  await db
    .insertInto('newsletter_deliveries')
    .values({ id: 9, job_id: 7, email: 'carla@example.com', email_normalized: 'carla@example.com', status: 'unconfirmed', sent_at: at })
    .execute()
  await db.updateTable('newsletter_jobs').set({ sent_count: 4, unconfirmed_count: 1, total_recipients: 5 }).execute()
  const outbox = {
    created_at: at,
    updated_at: at,
    category: 'quote-confirmation',
    subject: 's',
    html: '',
    text: 't',
    next_attempt_at: at,
    status: 'sent' as const,
    sent_at: at,
  }
  await db
    .insertInto('email_outbox')
    .values({ ...outbox, id: 1, to_address: 'Paolo@Example.com', message_id: 'ses-outbox-1' })
    .execute()
  await db
    .insertInto('email_outbox')
    .values({ ...outbox, id: 2, to_address: '', category: 'quote-notification', message_id: 'ses-office-1' })
    .execute()
  lines = []
  const env = loadEnv({ NODE_ENV: 'test', SES_SNS_TOPIC_ARNS: TOPIC, NOTIFY_EMAIL: OFFICE })
  webhook = createSesWebhookRoutes({ db, env, logger: testLogger(), hostPattern: sns.hostPattern })
})

/** A logger writing into `lines`, which each test starts empty. */
const testLogger = () =>
  createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(chunk.toString())
        done()
      },
    }),
  )

const post = (body: string) => webhook.request('/webhooks/ses', { method: 'POST', body, headers: { 'Content-Type': 'text/plain; charset=UTF-8' } })

async function state() {
  const count = async (table: 'email_events' | 'email_suppressions' | 'sns_messages') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )
  return {
    events: await count('email_events'),
    suppressions: await count('email_suppressions'),
    snsMessages: await count('sns_messages'),
    deliveries: await db.selectFrom('newsletter_deliveries').select(['id', 'status', 'delivered_at']).orderBy('id').execute(),
    job: await db.selectFrom('newsletter_jobs').select(['sent_count', 'unconfirmed_count']).executeTakeFirstOrThrow(),
  }
}

/** Sends a bad message and checks what every refusal leaves: its status, nothing changed, a warning without addresses. */
async function expectRefused(send: () => Response | Promise<Response>, status: number) {
  const before = await state()
  const confirmations = sns.confirmations().length
  const logged = lines.length
  const response = await send()
  expect(response.status).toBe(status)
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(await state()).toEqual(before)
  expect(sns.confirmations().length).toBe(confirmations)
  const log = lines.slice(logged).join('')
  expect(log).toMatch(/"level":40.*SNS message refused/)
  for (const address of [...RECIPIENTS, 'stranger@example.com']) expect(log).not.toContain(address)
}

const suppression = (email: string) => db.selectFrom('email_suppressions').selectAll().where('email_normalized', '=', email).executeTakeFirst()

describe('POST /webhooks/ses: what SES reports', () => {
  for (const version of ['1', '2'] as const) {
    it(`a permanent bounce (SignatureVersion ${version}) suppresses the address with its reason, date and campaign`, async () => {
      const body = JSON.stringify(sns.sign({ Message: JSON.stringify(sesNotification('Bounce', { messageId: 'ses-1', to: RECIPIENTS[0]! })) }, version))
      const response = await post(body)
      expect(response.status).toBe(200)
      const row = await suppression(RECIPIENTS[0]!)
      expect(row).toMatchObject({ reason: 'bounced', source_job_id: 7, detail: 'Permanent/General' })
      expect(Date.now() - Date.parse(row!.created_at)).toBeLessThan(60_000)
      const events = await db.selectFrom('email_events').selectAll().execute()
      expect(events).toMatchObject([{ kind: 'bounce', email_normalized: RECIPIENTS[0], job_id: 7, delivery_id: 1 }])
    })
  }

  it('a complaint, in the configuration set event format, suppresses the address as a complaint', async () => {
    expect((await post(sns.notification(sesNotification('Complaint', { messageId: 'ses-2', to: RECIPIENTS[1]! }, { eventStyle: true })))).status).toBe(200)
    expect(await suppression(RECIPIENTS[1]!)).toMatchObject({ reason: 'complaint', source_job_id: 7, detail: 'abuse' })
  })

  it('a bounce of a confirmation from the outbox suppresses its address, matched whatever its case', async () => {
    expect((await post(sns.notification(sesNotification('Bounce', { messageId: 'ses-outbox-1', to: 'paolo@example.com' })))).status).toBe(200)
    expect(await suppression('paolo@example.com')).toMatchObject({ reason: 'bounced', source_job_id: null })
  })

  it('transient bounces are counted, and the third within 30 days suppresses', async () => {
    const to = RECIPIENTS[2]!
    const day = 24 * 60 * 60 * 1000
    // One 40 days ago does not count towards the window.
    const times = [Date.now() - 40 * day, Date.now() - 20 * day, Date.now() - 2 * day, Date.now()].map((t) => new Date(t).toISOString())
    for (const [i, at] of times.entries()) {
      expect((await post(sns.notification(sesNotification('Bounce', { messageId: 'ses-3', to }, { bounceType: 'Transient', at })))).status).toBe(200)
      if (i < 3) expect(await suppression(to)).toBeUndefined()
    }
    expect(await suppression(to)).toMatchObject({ reason: 'bounced', detail: '3 temporary bounces in 30 days', source_job_id: 7 })
  })

  it('a Delivery turns a delivery a crash left unconfirmed into sent, found by its header', async () => {
    const before = await state()
    expect(before.job).toEqual({ sent_count: 4, unconfirmed_count: 1 })
    expect((await post(sns.notification(sesNotification('Delivery', { messageId: 'never-recorded', to: 'carla@example.com', ref: 'n9' })))).status).toBe(200)
    const after = await state()
    expect(after.job).toEqual({ sent_count: 5, unconfirmed_count: 0 })
    expect(after.deliveries.find((d) => d.id === 9)).toMatchObject({ status: 'sent' })
    expect(after.deliveries.find((d) => d.id === 9)!.delivered_at).toBeTruthy()
    // A Delivery of a mail already sent only records when it arrived.
    expect((await post(sns.notification(sesNotification('Delivery', { messageId: 'ses-4', to: RECIPIENTS[3]! })))).status).toBe(200)
    expect((await state()).job).toEqual({ sent_count: 5, unconfirmed_count: 0 })
  })

  it('the office inbox is never suppressed, and the dashboard figure warns about it', async () => {
    expect((await post(sns.notification(sesNotification('Bounce', { messageId: 'ses-office-1', to: OFFICE })))).status).toBe(200)
    expect(await suppression(OFFICE)).toBeUndefined()
    const health = await mailHealth(db, new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString(), OFFICE)
    expect(health.officeInboxProblem).toMatchObject({ kind: 'bounce' })
    // Four sent, one a crash left unconfirmed (SES most likely accepted it), two from the outbox.
    expect(health).toMatchObject({ sent: 7, bounces: 1, complaints: 0 })
  })

  it("the campaign's report counts what SES said, and lists the addresses behind each figure", async () => {
    await post(sns.notification(sesNotification('Delivery', { messageId: 'ses-1', to: RECIPIENTS[0]! })))
    await post(sns.notification(sesNotification('Bounce', { messageId: 'ses-2', to: RECIPIENTS[1]! })))
    await post(sns.notification(sesNotification('Complaint', { messageId: 'ses-3', to: RECIPIENTS[2]! })))
    await post(sns.notification(sesNotification('Open', { messageId: 'ses-1', to: RECIPIENTS[0]! })))
    await post(sns.notification(sesNotification('Click', { messageId: 'ses-1', to: RECIPIENTS[0]! })))
    await db
      .insertInto('email_suppressions')
      .values({ email_normalized: RECIPIENTS[3]!, reason: 'unsubscribed', created_at: new Date().toISOString(), source_job_id: null, detail: null })
      .execute()
    expect(await campaignReport(db, 7)).toEqual({
      recipients: 5,
      sent: 4,
      unconfirmed: 1,
      delivered: 1,
      bounced: 1,
      complained: 1,
      unsubscribed: 1,
      failed: 0,
      skipped: 0,
      opened: 1,
      clicked: 1,
    })
    expect((await campaignReportRows(db, 7, 'bounced')).map((row) => row.email)).toEqual([RECIPIENTS[1]])
    expect((await campaignReportRows(db, 7, 'complained')).map((row) => row.email)).toEqual([RECIPIENTS[2]])
    expect((await campaignReportRows(db, 7, 'unconfirmed')).map((row) => row.email)).toEqual(['carla@example.com'])
  })

  it('a subscription confirmation is confirmed by visiting its link', async () => {
    const token = 'a'.repeat(64)
    const message = sns.sign({
      Type: 'SubscriptionConfirmation',
      Message: 'You have chosen to subscribe to the topic.',
      Token: token,
      SubscribeURL: `https://${sns.host}/confirm?Action=ConfirmSubscription&Token=${token}`,
    })
    const response = await post(JSON.stringify(message))
    expect(response.status).toBe(200)
    expect(sns.confirmations()).toContain(`/confirm?Action=ConfirmSubscription&Token=${token}`)
  })

  it('an unsubscribe confirmation, signed over its Token and SubscribeURL as AWS documents, is noted and visits nothing', async () => {
    const message = sns.sign({
      Type: 'UnsubscribeConfirmation',
      Message: 'You have chosen to deactivate subscription.',
      Token: 'b'.repeat(64),
      SubscribeURL: `https://${sns.host}/confirm?Action=ConfirmSubscription&Token=${'b'.repeat(64)}`,
    })
    const confirmations = sns.confirmations().length
    const response = await post(JSON.stringify(message))
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('Noted')
    expect(sns.confirmations().length).toBe(confirmations)
  })

  it('the signing certificate is fetched once and cached', async () => {
    const before = sns.certFetches()
    for (let i = 0; i < 5; i++) await post(sns.notification(sesNotification('Open', { messageId: 'ses-4', to: RECIPIENTS[3]! })))
    expect(sns.certFetches() - before).toBeLessThanOrEqual(1)
  })
})

describe('POST /webhooks/ses: bad input is refused, changes nothing and logs no address', () => {
  const bounce = () => sesNotification('Bounce', { messageId: 'ses-1', to: RECIPIENTS[0]! })
  const cases: { name: string; status: number; body: () => string }[] = [
    { name: 'malformed JSON', status: 400, body: () => '{"Type": "Notification", ' },
    { name: 'a JSON array', status: 400, body: () => '[]' },
    {
      name: 'an unsigned message',
      status: 400,
      body: () => {
        const { Signature: _, ...unsigned } = sns.sign({ Message: JSON.stringify(bounce()) })
        return JSON.stringify(unsigned)
      },
    },
    {
      name: 'a mis-signed message (the bounce changed after signing)',
      status: 403,
      body: () =>
        JSON.stringify({
          ...sns.sign({ Message: JSON.stringify(bounce()) }),
          Message: JSON.stringify(sesNotification('Bounce', { messageId: 'ses-2', to: RECIPIENTS[1]! })),
        }),
    },
    {
      name: 'a signature of another key',
      status: 403,
      body: () => JSON.stringify({ ...sns.sign({ Message: JSON.stringify(bounce()) }), Signature: Buffer.alloc(256, 7).toString('base64') }),
    },
    {
      name: 'an unknown signature version',
      status: 403,
      body: () => JSON.stringify({ ...sns.sign({ Message: JSON.stringify(bounce()) }), SignatureVersion: '3' }),
    },
    {
      name: 'a foreign topic',
      status: 403,
      body: () => JSON.stringify(sns.sign({ Message: JSON.stringify(bounce()), TopicArn: 'arn:aws:sns:eu-south-1:999999999999:someone-else' })),
    },
    ...[
      'https://evil.example.com{pem}',
      'http://{host}{pem}',
      'https://{host}.evil.example.com{pem}',
      'https://user@{host}{pem}',
      'https://sns.eu-south-1.amazonaws.com.evil.example.com{pem}',
      'not a url',
    ].map((url) => ({
      name: `a certificate URL outside the allowed host: ${url}`,
      status: 403,
      body: () => JSON.stringify(sns.sign({ Message: JSON.stringify(bounce()), SigningCertURL: url.replace('{host}', sns.host).replace('{pem}', PEM) })),
    })),
    {
      name: 'a message older than seven days',
      status: 400,
      body: () => sns.notification(bounce(), { Timestamp: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString() }),
    },
    { name: 'an unknown SNS type', status: 400, body: () => JSON.stringify(sns.sign({ Message: JSON.stringify(bounce()), Type: 'Surprise' })) },
    { name: 'an SNS Message that is not JSON', status: 400, body: () => JSON.stringify(sns.sign({ Message: 'hello' })) },
    { name: 'an SNS Message that is not SES', status: 400, body: () => JSON.stringify(sns.sign({ Message: JSON.stringify({ notificationType: 'Bounce' }) })) },
    { name: 'a message id we never sent', status: 422, body: () => sns.notification(sesNotification('Bounce', { messageId: 'not-ours', to: RECIPIENTS[0]! })) },
    {
      name: 'an address we never mailed, on a message of ours',
      status: 422,
      body: () => sns.notification(sesNotification('Complaint', { messageId: 'ses-1', to: 'stranger@example.com' })),
    },
    {
      name: 'a header naming a delivery SES knows by another id',
      status: 422,
      body: () => sns.notification(sesNotification('Bounce', { messageId: 'other', to: RECIPIENTS[0]!, ref: 'n1' })),
    },
    {
      name: 'a header naming nothing',
      status: 422,
      body: () => sns.notification(sesNotification('Bounce', { messageId: 'other', to: RECIPIENTS[0]!, ref: 'n99999' })),
    },
    {
      name: 'a subscription link outside the allowed host',
      status: 403,
      body: () =>
        JSON.stringify(
          sns.sign({ Type: 'SubscriptionConfirmation', Message: 'm', Token: 't', SubscribeURL: 'https://evil.example.com/confirm?Action=ConfirmSubscription' }),
        ),
    },
  ]
  for (const { name, status, body } of cases) {
    it(`${name}: ${status}`, async () => {
      await expectRefused(() => post(body()), status)
    })
  }

  it('a replay (the same MessageId again) is refused with 409 and changes nothing', async () => {
    const body = sns.notification(sesNotification('Bounce', { messageId: 'ses-3', to: RECIPIENTS[2]!, ref: 'n3' }, { bounceType: 'Transient' }))
    expect((await post(body)).status).toBe(200)
    const before = await state()
    expect((await post(body)).status).toBe(409)
    expect(await state()).toEqual(before)
  })

  it('without SES_SNS_TOPIC_ARNS the webhook answers 404 to everything', async () => {
    const off = createSesWebhookRoutes({ db, env: loadEnv({ NODE_ENV: 'test' }), logger: createLogger('silent'), hostPattern: sns.hostPattern })
    const before = await state()
    const response = await off.request('/webhooks/ses', {
      method: 'POST',
      body: sns.notification(sesNotification('Bounce', { messageId: 'ses-1', to: RECIPIENTS[0]! })),
    })
    expect(response.status).toBe(404)
    expect(await state()).toEqual(before)
  })

  it("Amazon's host pattern (the default) refuses a certificate from anywhere else, before fetching it", async () => {
    const verifier = createSnsVerifier({ topics: [TOPIC] })
    const fetches = sns.certFetches()
    const refusal = await verifier.verify(sns.notification(sesNotification('Bounce', { messageId: 'ses-1', to: RECIPIENTS[0]! }))).catch((error) => error)
    expect(refusal).toBeInstanceOf(SnsRefusal)
    expect(refusal.status).toBe(403)
    expect(sns.certFetches()).toBe(fetches)
    for (const host of ['sns.eu-south-1.amazonaws.com', 'sns.us-east-1.amazonaws.com', 'sns.cn-north-1.amazonaws.com.cn'])
      expect(AMAZON_SNS_HOST.test(host)).toBe(true)
    for (const host of [
      'sns.eu-south-1.amazonaws.com.evil.example.com',
      'snsXeu-south-1.amazonaws.com',
      'evil.com',
      'sns.eu-south-1.amazonaws.com:8443',
      'x.sns.eu-south-1.amazonaws.com',
    ]) {
      expect(AMAZON_SNS_HOST.test(host)).toBe(false)
    }
  })
})

describe('POST /webhooks/ses: the message checked is the message verified', () => {
  const bounce = () => JSON.stringify(sesNotification('Bounce', { messageId: 'ses-1', to: RECIPIENTS[0]! }))
  const signed = () => sns.sign({ Message: bounce(), Subject: 'Amazon SES Email Event Notification' })
  /** `message` as JSON text with `extra` (raw JSON members) after its own members. */
  const withMembers = (message: Record<string, string>, ...extra: string[]) => `${JSON.stringify(message).slice(0, -1)},${extra.join(',')}}`

  it('a second spelling of the certificate URL pointing at another host (SigningCertUrl, %2E in the host): 400, and nothing reaches that host', async () => {
    // A host that resolves here and whose certificate this process trusts: what an attacker's domain with an ordinary
    // TLS certificate is in production. Amazon's pattern admits a host without a port, so this one does too.
    const evil = await startFakeSns({ name: 'localhost.evil.test' })
    try {
      const route = createSesWebhookRoutes({
        db,
        env: loadEnv({ NODE_ENV: 'test', SES_SNS_TOPIC_ARNS: TOPIC, NOTIFY_EMAIL: OFFICE }),
        logger: testLogger(),
        hostPattern: new RegExp(`^localhost(:${sns.port})?$`),
      })
      const forged = evil.sign({ Message: bounce(), SigningCertURL: sns.certUrl })
      const send = (body: string) => route.request('/webhooks/ses', { method: 'POST', body })
      const elsewhere = `https://localhost%2Eevil.test:${evil.port}${PEM}`
      await expectRefused(() => send(JSON.stringify({ ...forged, SigningCertUrl: elsewhere })), 400)
      await expectRefused(() => send(JSON.stringify({ ...forged, SigningCertURL: elsewhere })), 403)
      expect(evil.requests()).toEqual([])
    } finally {
      await evil.stop()
    }
  })

  const keys = ['Type', 'MessageId', 'TopicArn', 'Subject', 'Message', 'Timestamp', 'SignatureVersion', 'Signature', 'SigningCertURL', 'UnsubscribeURL']
  for (const key of keys) {
    it(`every other spelling of ${key}, beside it or instead of it: 400`, async () => {
      const spellings = new Set([
        key.toLowerCase(),
        key.toUpperCase(),
        key.replace('URL', 'Url'),
        key[0]!.toLowerCase() + key.slice(1),
        ` ${key}`,
        `${key}\u0000`,
      ])
      spellings.delete(key)
      const requests = sns.requests().length
      for (const spelling of spellings) {
        const message = signed()
        await expectRefused(() => post(JSON.stringify({ ...message, [spelling]: message[key] })), 400)
        const { [key]: value, ...others } = message
        await expectRefused(() => post(JSON.stringify({ ...others, [spelling]: value })), 400)
      }
      expect(sns.requests().length).toBe(requests)
    })

    it(`${key} twice in the JSON text (JSON.parse would keep the last one): 400`, async () => {
      const message = signed()
      const members = Object.entries(message).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`)
      // The same key written with an escape is still the same key to JSON.parse.
      const escaped = `"\\u00${key.charCodeAt(0).toString(16)}${key.slice(1)}"`
      for (const first of [JSON.stringify(key), escaped]) {
        for (const value of ['forged', message[key]]) {
          await expectRefused(() => post(`{${first}:${JSON.stringify(value)},${members.join(',')}}`), 400)
        }
      }
    })
  }

  it('unknown keys, and known keys with values that are not strings: 400', async () => {
    const requests = sns.requests().length
    for (const extra of ['"Extra":"x"', '"__proto__":"x"', '"":"x"', '"MessageAttributes":{}', '"Token":"t"', '"SubscribeURL":"https://x/"']) {
      await expectRefused(() => post(withMembers(signed(), extra)), 400)
    }
    for (const value of [null, 1, true, ['x'], { x: 'x' }]) {
      await expectRefused(() => post(JSON.stringify({ ...signed(), Subject: value })), 400)
      await expectRefused(() => post(JSON.stringify({ ...signed(), Type: value })), 400)
    }
    expect(sns.requests().length).toBe(requests)
  })

  const shapes = [
    'https://{host}/SimpleNotificationService-%30123456789abcdef0123456789abcdef.pem',
    'https://{host}/x.pem',
    'https://{host}/certs{pem}',
    'https://{host}/{pem}',
    'https://{host}/.{pem}',
    'https://{host}\\SimpleNotificationService-0123456789abcdef0123456789abcdef.pem',
    'https://{host}/SimpleNotificationService-0123456789ABCDEF0123456789ABCDEF.pem',
    'https://{host}/SimpleNotificationService-0123456789abcdef0123456789abcdef.pem.pem',
    'https://{host}{pem}?.pem',
    'https://{host}{pem}?x=1&.pem',
    'https://{host}{pem}?',
    'https://{host}{pem}#.pem',
    'https://{host}{pem}#',
    'https://{HOST}{pem}',
    ' https://{host}{pem} ',
    'https://{host}{pem}\t',
    'https://user@{host}{pem}',
    'https://:secret@{host}{pem}',
    'https://@{host}{pem}',
    'https://localhost:1{pem}',
    'https://localhost:0{port}{pem}',
    'https://localhost{pem}',
  ]
  for (const shape of shapes) {
    it(`a certificate URL that is not Amazon's exact shape: ${JSON.stringify(shape)}: 403, nothing fetched`, async () => {
      const url = shape.replace('{host}', sns.host).replace('{HOST}', sns.host.toUpperCase()).replace('{port}', String(sns.port)).replace('{pem}', PEM)
      const requests = sns.requests().length
      await expectRefused(() => post(JSON.stringify({ ...signed(), SigningCertURL: url })), 403)
      expect(sns.requests().length).toBe(requests)
    })
  }

  it('a certificate larger than 8 KB (a certificate after 1 MB of lines a PEM reader skips): 403, and it is not kept', async () => {
    const url = sns.badCertUrl('oversize')
    await expectRefused(() => post(JSON.stringify(sns.sign({ Message: bounce(), SigningCertURL: url }))), 403)
    await expectRefused(() => post(JSON.stringify(sns.sign({ Message: bounce(), SigningCertURL: url }))), 403)
    expect(sns.certFetches(new URL(url).pathname)).toBe(2)
  })

  it('a certificate whose body never ends is cut off after 8 KB: 403', async () => {
    await expectRefused(() => post(JSON.stringify(sns.sign({ Message: bounce(), SigningCertURL: sns.badCertUrl('endless') }))), 403)
    await vi.waitFor(() => expect(sns.streaming()).toBe(0))
  })

  it('a certificate that trickles in is given up at the timeout: 503, so that SNS tries again later', async () => {
    const route = createSesWebhookRoutes({
      db,
      env: loadEnv({ NODE_ENV: 'test', SES_SNS_TOPIC_ARNS: TOPIC, NOTIFY_EMAIL: OFFICE }),
      logger: testLogger(),
      hostPattern: sns.hostPattern,
      certificateTimeoutMs: 300,
    })
    const body = JSON.stringify(sns.sign({ Message: bounce(), SigningCertURL: sns.badCertUrl('trickle') }))
    await expectRefused(() => route.request('/webhooks/ses', { method: 'POST', body }), 503)
    await vi.waitFor(() => expect(sns.streaming()).toBe(0))
  })

  it('a certificate that is not X.509, or has expired: 403', async () => {
    await expectRefused(() => post(JSON.stringify(sns.sign({ Message: bounce(), SigningCertURL: sns.badCertUrl('not-a-certificate') }))), 403)
    await expectRefused(() => post(JSON.stringify(sns.sign({ Message: bounce() }, '2', 'expired'))), 403)
  })
})

describe('the signing certificates kept in memory', () => {
  const verifier = () => createSnsVerifier({ topics: [TOPIC], hostPattern: sns.hostPattern })
  const signedWith = (id: number) => JSON.stringify(sns.sign({ Message: 'm', SigningCertURL: sns.certUrlFor(id) }))
  const fetches = (id: number) => sns.certFetches(new URL(sns.certUrlFor(id)).pathname)

  it('one certificate is fetched once, even by messages that arrive together', async () => {
    const sns = verifier()
    await Promise.all(Array.from({ length: 5 }, () => sns.verify(signedWith(100))))
    await sns.verify(signedWith(100))
    expect(fetches(100)).toBe(1)
  })

  it(`at most ${SIGNING_CERTIFICATES_KEPT} are kept, the least recently used leaving first`, async () => {
    const sns = verifier()
    await sns.verify(signedWith(200))
    for (let id = 201; id < 200 + SIGNING_CERTIFICATES_KEPT; id++) await sns.verify(signedWith(id))
    await sns.verify(signedWith(200))
    // One more than it keeps: the first certificate was used last but one, so the second one leaves.
    await sns.verify(signedWith(200 + SIGNING_CERTIFICATES_KEPT))
    await sns.verify(signedWith(200))
    expect(fetches(200)).toBe(1)
    await sns.verify(signedWith(201))
    expect(fetches(201)).toBe(2)
    for (let id = 202; id <= 200 + SIGNING_CERTIFICATES_KEPT; id++) expect(fetches(id)).toBe(1)
  })
})
