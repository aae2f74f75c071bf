import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AdminClient, errorOf, startSignedIn, trpcClient } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { countRowsOf, readRows } from './helpers/database.ts'
import { textOf } from './helpers/lead-answers.ts'
import { type SesRecorder, seedRecipients, startSesRecorder } from './helpers/newsletter.ts'
import { waitFor } from './helpers/wait.ts'
import { mailEnv, type RunningSes, startSes } from './helpers/ses.ts'
import { otherLastCharacters, otherSpellings } from './helpers/token-spellings.ts'
import { createUnsubscribeToken } from '#server/newsletter/unsubscribe-token.ts'

const ADMIN = { email: 'redazione@artigianimilano.it', password: 'una-password-lunga-2026' }
const BODY = '<html><body><h1>Novità di dicembre</h1><p>Sconti sugli impianti fotovoltaici per tutto il mese.</p></body></html>'

let ses: RunningSes
let recorder: SesRecorder
let server: InProcessSite
let admin: AdminClient

const tableCount = (table: string) => countRowsOf(server.databasePath, table)

async function finished(id: number) {
  return waitFor(
    async () => {
      const job = await admin.admin.newsletter.byId.query({ id })
      return ['completed', 'send_failed', 'cancelled'].includes(job.status) ? job : undefined
    },
    30_000,
    `campaign ${id} to finish`,
  )
}

const key = () => crypto.randomUUID()

beforeAll(async () => {
  ses = await startSes()
  recorder = await startSesRecorder(ses.endpoint)
  ;({ server, trpc: admin } = await startSignedIn(ADMIN, { ...mailEnv(recorder), MAIL_RATE_PER_SECOND: '50', NEWSLETTER_SECRET: 'x'.repeat(40) }, startApp))
  seedRecipients(server.databasePath, {
    // Two requests from one person, spelled differently: one recipient.
    requesters: [
      ['Mario Rossi', 'Mario.Rossi@Example.com'],
      ['Mario Rossi', 'mario.rossi@example.com'],
      ['Giulia Bianchi', 'giulia.bianchi@example.com'],
      ['Luca Verdi', 'luca.verdi@example.com'],
      ['Anna Neri', 'anna.neri@example.com'],
    ],
    artisans: [
      ['Paolo Fabbri', 'paolo@fabbri.it'],
      ['Sara Vetri', 'sara@vetri.it'],
    ],
    // Erased on request: never mailed again.
    erased: ['anna.neri@example.com'],
  })
})

afterAll(async () => {
  await server?.stop()
  await recorder?.stop()
  await ses?.stop()
})

describe('a newsletter campaign', () => {
  it('is only for administrators', async () => {
    const anonymous = trpcClient(server.url)
    expect((await errorOf(anonymous.admin.newsletter.counts.query())).code).toBe('UNAUTHORIZED')
    expect((await errorOf(anonymous.admin.newsletter.create.mutate({ targetGroup: 'users', subject: 'x', bodyHtml: 'x', idempotencyKey: key() }))).code).toBe(
      'UNAUTHORIZED',
    )
  })

  it('tells the screens that mail is configured', async () => {
    // The rate the confirmation dialog times a campaign with (MAIL_RATE_PER_SECOND).
    expect(await admin.admin.newsletter.mailSetup.query()).toEqual({ configured: true, missing: [], ratePerSecond: 50 })
    expect((await admin.admin.dashboard.stats.query()).mail).toEqual({ configured: true, missing: [] })
  })

  it('counts mailable recipients: distinct requester e-mails and artisans, minus suppressions', async () => {
    expect(await admin.admin.newsletter.counts.query()).toEqual({ users: 3, artisans: 2 })
  })

  it('goes to every recipient once, with the unsubscribe link and the one-click headers', async () => {
    const { job, created } = await admin.admin.newsletter.create.mutate({
      targetGroup: 'users',
      subject: 'Novità di dicembre',
      bodyHtml: BODY,
      idempotencyKey: key(),
    })
    expect(created).toBe(true)
    expect(job.status).toBe('pending_preparation')
    // The worker is there to move it: nothing to wait for.
    expect((await admin.admin.newsletter.byId.query({ id: job.id })).waitingReason).toBeNull()
    const done = await finished(job.id)
    expect(done).toMatchObject({ status: 'completed', total_recipients: 3, sent_count: 3, failed_count: 0 })

    const mails = (await ses.emails()).filter((mail) => mail.subject === 'Novità di dicembre')
    expect(mails.map((mail) => mail.destination.to[0]).sort()).toEqual(['giulia.bianchi@example.com', 'luca.verdi@example.com', 'mario.rossi@example.com'])
    for (const mail of mails) {
      expect(mail.from).toContain('noreply@artigianimilano.it')
      expect(mail.body.html).toContain('<h1>Novità di dicembre</h1>')
      expect(textOf(mail.body.html!)).toContain("Annulla l'iscrizione")
      // The link names its campaign, so an unsubscribe knows where it came from.
      expect(mail.body.html).toMatch(new RegExp(`href="https://www\\.artigianimilano\\.it/unsubscribe\\?token=[\\w-]+\\.${job.id}\\.[\\w-]+"`))
      expect(mail.body.text).toContain('NOVITÀ DI DICEMBRE')
      expect(mail.body.text).toContain('Sconti sugli impianti fotovoltaici per tutto il mese.')
      expect(mail.body.text).toMatch(/Per annullare l'iscrizione: https:\/\/www\.artigianimilano\.it\/unsubscribe\?token=/)
    }
    const raw = recorder.sent.filter((mail) => mail.subject === 'Novità di dicembre')
    expect(raw).toHaveLength(3)
    for (const mail of raw) {
      expect(mail.headers.get('list-unsubscribe')).toMatch(
        new RegExp(
          `^<https://www\\.artigianimilano\\.it/unsubscribe\\?token=[\\w-]+\\.${job.id}\\.[\\w-]+>, <mailto:noreply@artigianimilano\\.it\\?subject=unsubscribe>$`,
        ),
      )
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    }
    expect(recorder.sent.some((mail) => mail.to === 'anna.neri@example.com')).toBe(false)
  })

  it('reaches artisans with an e-mail', async () => {
    const { job } = await admin.admin.newsletter.create.mutate({
      targetGroup: 'artisans',
      subject: 'Per la rete artigiani',
      bodyHtml: '<p>Ciao</p>',
      idempotencyKey: key(),
    })
    expect(await finished(job.id)).toMatchObject({ status: 'completed', total_recipients: 2, sent_count: 2 })
    const to = recorder.sent.filter((mail) => mail.subject === 'Per la rete artigiani').map((mail) => mail.to)
    expect(to.sort()).toEqual(['paolo@fabbri.it', 'sara@vetri.it'])
  })

  it('is sent without its script tags (the advanced HTML mode keeps the rest as written), and lists in the history with its figures', async () => {
    const body = '<p>Offerta</p><script>document.title = "eseguito"</script>'
    const { job } = await admin.admin.newsletter.create.mutate({ targetGroup: 'artisans', subject: 'Con script', bodyHtml: body, idempotencyKey: key() })
    await finished(job.id)
    const mail = (await ses.emails()).find((m) => m.subject === 'Con script')!
    expect(mail.body.html).toContain('<p>Offerta</p>')
    expect(mail.body.html).not.toContain('<script')
    expect(mail.body.html).not.toContain('eseguito')
    const history = await admin.admin.newsletter.list.query()
    expect(history[0]).toMatchObject({ id: job.id, subject: 'Con script', status: 'completed', total_recipients: 2, sent_count: 2, failed_count: 0 })
    expect(history.map((entry) => entry.subject)).toContain('Novità di dicembre')
  })

  it('sends a test to the signed-in administrator only', async () => {
    const before = recorder.sent.length
    expect(await admin.admin.newsletter.sendTest.mutate({ targetGroup: 'users', subject: 'Prova', bodyHtml: '<p>Prova</p>' })).toEqual({ to: ADMIN.email })
    const mail = await waitFor(async () => (await ses.emails()).find((m) => m.subject === '[TEST] Prova'))
    expect(mail.destination.to).toEqual([ADMIN.email])
    expect(recorder.sent.length).toBe(before + 1)
    expect(recorder.sent.at(-1)!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
  })

  it('previews the mail as a recipient will get it', async () => {
    const preview = await admin.admin.newsletter.preview.mutate({ targetGroup: 'users', subject: 'Anteprima', bodyHtml: BODY })
    expect(preview.html.startsWith('<html><body><h1>Novità di dicembre</h1>')).toBe(true)
    expect(textOf(preview.html)).toContain("Annulla l'iscrizione")
    expect(preview.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
  })
})

describe('bad input', () => {
  async function refused(input: Record<string, unknown>): Promise<string> {
    const jobsBefore = tableCount('newsletter_jobs')
    const sentBefore = recorder.sent.length
    const error = await errorOf(admin.admin.newsletter.create.mutate(input as never))
    expect(error.code).toBe('BAD_REQUEST')
    expect(tableCount('newsletter_jobs')).toBe(jobsBefore)
    expect(recorder.sent.length).toBe(sentBefore)
    return error.message
  }

  it('refuses an empty subject', async () => {
    expect(await refused({ targetGroup: 'users', subject: '   ', bodyHtml: BODY, idempotencyKey: key() })).toContain("L'oggetto è obbligatorio.")
  })

  it('refuses an empty body', async () => {
    expect(await refused({ targetGroup: 'users', subject: 'Oggetto', bodyHtml: ' \n ', idempotencyKey: key() })).toContain(
      'Il codice HTML del corpo è obbligatorio.',
    )
  })

  it('refuses a target group outside the two', async () => {
    expect(await refused({ targetGroup: 'everyone', subject: 'Oggetto', bodyHtml: BODY, idempotencyKey: key() })).toContain(
      'Devi selezionare un gruppo target.',
    )
    expect(await refused({ subject: 'Oggetto', bodyHtml: BODY, idempotencyKey: key() })).toContain('Devi selezionare un gruppo target.')
  })

  it('refuses a 2 MB body', async () => {
    const body = `<p>${'a'.repeat(2 * 1024 * 1024)}</p>`
    expect(await refused({ targetGroup: 'users', subject: 'Oggetto', bodyHtml: body, idempotencyKey: key() })).toContain(
      'Il codice HTML del corpo non può superare 1 MB.',
    )
  })

  it('creates one campaign when the same form is submitted twice at once', async () => {
    const jobsBefore = tableCount('newsletter_jobs')
    const input = { targetGroup: 'artisans' as const, subject: 'Doppio clic', bodyHtml: '<p>Una volta sola</p>', idempotencyKey: key() }
    const [first, second] = await Promise.all([admin.admin.newsletter.create.mutate(input), admin.admin.newsletter.create.mutate(input)])
    expect(first.job.id).toBe(second.job.id)
    expect([first.created, second.created].sort()).toEqual([false, true])
    expect(tableCount('newsletter_jobs')).toBe(jobsBefore + 1)
    await finished(first.job.id)
    expect(recorder.sent.filter((mail) => mail.subject === 'Doppio clic')).toHaveLength(2)
  })
})

describe('unsubscribing', () => {
  function linkOf(address: string): string {
    const mail = recorder.sent.find((m) => m.to === address)!
    return /<(https:\/\/[^>]+)>/.exec(mail.headers.get('list-unsubscribe')!)![1]!.replace('https://www.artigianimilano.it', server.url)
  }
  const suppressions = () => readRows(server.databasePath, 'select email_normalized, reason from email_suppressions order by email_normalized')

  it('shows an Italian confirmation page on GET, changing nothing and cached nowhere', async () => {
    const before = suppressions()
    const response = await fetch(linkOf('giulia.bianchi@example.com'))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).toContain('<h1>Annulla l&#x27;iscrizione</h1>')
    expect(html).toContain('Conferma disiscrizione')
    expect(html).toContain('g***@example.com')
    expect(suppressions()).toEqual(before)
  })

  const jobNamed = async (subject: string) => (await admin.admin.newsletter.list.query()).find((job) => job.subject === subject)!.id

  it('unsubscribes at once with the one-click POST, and twice is fine; the campaign of the link is the source, in the report and the list', async () => {
    // Giulia has a second campaign in her mailbox when she unsubscribes with the first one's link.
    const { job: later } = await admin.admin.newsletter.create.mutate({
      targetGroup: 'users',
      subject: 'Promemoria di dicembre',
      bodyHtml: BODY,
      idempotencyKey: key(),
    })
    await finished(later.id)
    const link = linkOf('giulia.bianchi@example.com')
    const first = await jobNamed('Novità di dicembre')
    const post = () => fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    const answer = await post()
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('Iscrizione annullata')
    expect(suppressions()).toContainEqual({ email_normalized: 'giulia.bianchi@example.com', reason: 'unsubscribed' })
    expect(readRows(server.databasePath, "select source_job_id from email_suppressions where email_normalized = 'giulia.bianchi@example.com'")).toEqual([
      { source_job_id: first },
    ])
    expect((await admin.admin.newsletter.report.query({ id: first })).figures.unsubscribed).toBe(1)
    expect((await admin.admin.newsletter.report.query({ id: later.id })).figures.unsubscribed).toBe(0)
    const listed = (await admin.admin.suppressions.list.query({ search: 'giulia' })).rows
    expect(listed).toMatchObject([{ email: 'giulia.bianchi@example.com', reason: 'unsubscribed', sourceJobId: first, sourceJobSubject: 'Novità di dicembre' }])
    const second = await post()
    expect(second.status).toBe(200)
    expect(suppressions().filter((row) => (row as { email_normalized: string }).email_normalized === 'giulia.bianchi@example.com')).toHaveLength(1)
    expect(await (await fetch(link)).text()).toContain('Iscrizione già annullata')
    expect(await admin.admin.newsletter.counts.query()).toEqual({ users: 2, artisans: 2 })
  })

  it('rejects a forged or altered token, its campaign id included, and changes nothing', async () => {
    const link = linkOf('luca.verdi@example.com')
    const token = new URL(link).searchParams.get('token')!
    const [address, campaign, signature] = token.split('.') as [string, string, string]
    const otherAddress = Buffer.from('mario.rossi@example.com').toString('base64url')
    const flipped = signature.slice(0, -2) + (signature.at(-2) === 'A' ? 'B' : 'A') + signature.at(-1)
    const before = suppressions()
    const otherCampaigns = [String(Number(campaign) + 1), String(Number(campaign) - 1), `0${campaign}`, `${campaign}0`, '0', '9'.repeat(16)]
    for (const forged of [
      `${otherAddress}.${campaign}.${signature}`,
      `${address}.${campaign}.${flipped}`,
      // The campaign changed, dropped, or spelled another way: the signature covers it.
      ...otherCampaigns.map((id) => `${address}.${id}.${signature}`),
      `${address}.${signature}`,
      `${address}.${campaign}.${campaign}.${signature}`,
      address,
      'abc.def',
      '',
    ]) {
      const response = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(forged)}`, { method: 'POST' })
      expect(response.status).toBe(400)
      expect(await response.text()).toContain('Link non valido')
      const page = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(forged)}`)
      expect(page.status).toBe(400)
    }
    expect(suppressions()).toEqual(before)
  })

  it('accepts one spelling of a link: the others that decode to the same bytes are refused and unsubscribe nobody', async () => {
    const token = new URL(linkOf('luca.verdi@example.com')).searchParams.get('token')!
    const signature = token.split('.').at(-1)!
    const spellings = otherSpellings(token)
    // The last character of the signature carries spare bits: three others decode to the same bytes.
    expect(otherLastCharacters(signature)).toHaveLength(3)
    const before = suppressions()
    for (const spelling of spellings) {
      const link = `${server.url}/unsubscribe?token=${encodeURIComponent(spelling)}`
      for (const response of [await fetch(link, { method: 'POST' }), await fetch(link)]) {
        expect(response.status, JSON.stringify(spelling)).toBe(400)
        expect(textOf(await response.text())).toContain("Il link per annullare l'iscrizione non è valido o è stato modificato.")
      }
    }
    expect(suppressions()).toEqual(before)
    const canonical = await fetch(`${server.url}/unsubscribe?token=${encodeURIComponent(token)}`)
    expect(canonical.status).toBe(200)
    expect(await canonical.text()).toContain('Conferma disiscrizione')
  })

  it('is honoured by every later campaign', async () => {
    const { job } = await admin.admin.newsletter.create.mutate({
      targetGroup: 'users',
      subject: 'Dopo la disiscrizione',
      bodyHtml: BODY,
      idempotencyKey: key(),
    })
    expect(await finished(job.id)).toMatchObject({ status: 'completed', total_recipients: 2, sent_count: 2 })
    const to = recorder.sent.filter((mail) => mail.subject === 'Dopo la disiscrizione').map((m) => m.to)
    expect(to).not.toContain('giulia.bianchi@example.com')
    expect(to).not.toContain('anna.neri@example.com')
  })

  it('still honours a link sent before links named their campaign, counted for the campaigns mailed before it', async () => {
    const old = `${server.url}/unsubscribe?token=${createUnsubscribeToken('x'.repeat(40), 'luca.verdi@example.com')}`
    expect(textOf(await (await fetch(old)).text())).toContain('Conferma disiscrizione')
    const response = await fetch(old, { method: 'POST' })
    expect(response.status).toBe(200)
    expect(textOf(await response.text())).toContain("Fatto: l'indirizzo l***@example.com non riceverà più le nostre newsletter né le richieste di valutazione.")
    expect(readRows(server.databasePath, "select reason, source_job_id from email_suppressions where email_normalized = 'luca.verdi@example.com'")).toEqual([
      { reason: 'unsubscribed', source_job_id: null },
    ])
    expect((await admin.admin.newsletter.report.query({ id: await jobNamed('Dopo la disiscrizione') })).figures.unsubscribed).toBe(1)
  })
})
