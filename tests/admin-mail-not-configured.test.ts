import { describe, expect, it } from 'vitest'
import { serveSignedIn, trpcClient } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { addLead, quoteLead } from './helpers/admin-leads.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password-di-prova-2026' }

// The test servers start without MAIL_FROM, NOTIFY_EMAIL and SES_REGION: every e-mail stays queued.
const office = serveSignedIn(ADMIN, { MAIL_FROM: '', NOTIFY_EMAIL: 'ufficio@artigianimilano.it' }, startApp)

describe('a server whose mail is not configured', () => {
  it('tells the dashboard which settings are missing', async () => {
    const stats = await office.trpc.admin.dashboard.stats.query()
    expect(stats.mail).toEqual({ configured: false, missing: ['MAIL_FROM', 'SES_REGION'] })
  })

  it('tells the newsletter screen, and a campaign says why it waits', async () => {
    expect(await office.trpc.admin.newsletter.mailSetup.query()).toMatchObject({ configured: false, missing: ['MAIL_FROM', 'SES_REGION'] })
    // One requester to write to: a campaign to nobody is refused.
    await addLead(office.server.databasePath, quoteLead())
    const { job } = await office.trpc.admin.newsletter.create.mutate({
      targetGroup: 'users',
      subject: 'Novità di primavera',
      bodyHtml: '<p>Sconti sulle tinteggiature.</p>',
      idempotencyKey: crypto.randomUUID(),
    })
    const waiting = await office.trpc.admin.newsletter.byId.query({ id: job.id })
    expect(waiting.status).toBe('pending_preparation')
    expect(waiting.waitingReason).toBe(
      "L'invio delle email non è configurato su questo server (MAIL_FROM, SES_REGION): la campagna resta in attesa e partirà da sola appena sarà configurato.",
    )
    // A campaign the worker is not meant to move has nothing to wait for.
    await office.trpc.admin.newsletter.cancel.mutate({ id: job.id })
    expect((await office.trpc.admin.newsletter.byId.query({ id: job.id })).waitingReason).toBeNull()
  })

  it('says so in the recovery answer to a signed-in administrator, and nothing to anyone else', async () => {
    const signedIn = await office.trpc.admin.auth.requestPasswordReset.mutate({ email: ADMIN.email })
    expect(signedIn).toEqual({ ok: true, mail: { configured: false, missing: ['MAIL_FROM', 'SES_REGION'] } })
    for (const email of [ADMIN.email, 'nessuno@example.com']) {
      expect(await trpcClient(office.server.url).admin.auth.requestPasswordReset.mutate({ email })).toEqual({ ok: true })
    }
  })
})
