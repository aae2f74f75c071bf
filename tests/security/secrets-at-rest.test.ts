import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, trpcClient } from '../helpers/admin.ts'
import { type InProcessSite, startApp } from '../helpers/app.ts'
import { readRows } from '../helpers/database.ts'
import { type SesRecorder, startSesRecorder } from '../helpers/newsletter.ts'
import { waitFor } from '../helpers/wait.ts'
import { mailEnv, type RunningSes, startSes } from '../helpers/ses.ts'

const EMAIL = 'titolare@artigianimilano.it'
const PASSWORD = 'Una password iniziale abbastanza lunga'
const SUBJECT = 'Recupero password - Area Riservata Artigiani Milano'

let ses: RunningSes
let recorder: SesRecorder
let server: InProcessSite

beforeAll(async () => {
  ses = await startSes()
  recorder = await startSesRecorder(ses.endpoint)
  server = await startApp({ ...mailEnv(recorder), MAIL_RETRY_BASE_MS: '50' })
  await createAdmin(server.databasePath, EMAIL, PASSWORD)
})
afterAll(async () => {
  await server?.stop()
  await recorder?.stop()
  await ses?.stop()
})

type OutboxRow = Record<string, unknown> & { id: number; category: string; to_address: string; subject: string; status: string; sent_at: string | null }

const outboxRows = () => readRows<OutboxRow>(server.databasePath, 'select * from email_outbox order by id')

describe('secrets at rest', () => {
  it('a sent reset link is gone from email_outbox, which keeps recipient, subject and status; the link still works', async () => {
    await ses.clear()
    await trpcClient(server.url).admin.auth.requestPasswordReset.mutate({ email: EMAIL })
    const mail = await waitFor(async () => (await ses.emails()).find((email) => email.subject === SUBJECT), 20_000, 'the reset e-mail')
    const token = /\/admin\/update-password#access_token=([\w-]+)/.exec(mail.body.html ?? '')?.[1]
    expect(token).toBeTruthy()

    // Marked sent just after SES accepted it.
    const row = await waitFor(async () => outboxRows().find((r) => r.category === 'password-reset' && r.status === 'sent'), 10_000, 'the row marked sent')
    expect(row).toMatchObject({ to_address: EMAIL, subject: SUBJECT, status: 'sent' })
    expect(row.sent_at).toBeTruthy()
    for (const r of outboxRows()) {
      for (const [column, value] of Object.entries(r)) {
        if (typeof value === 'string') expect(value, `email_outbox.${column}`).not.toContain(token)
        if (Buffer.isBuffer(value)) expect(value.toString('latin1'), `email_outbox.${column}`).not.toContain(token)
      }
    }
    const anonymous = trpcClient(server.url)
    expect(await anonymous.admin.auth.verifyResetToken.mutate({ token: token! })).toEqual({ valid: true })
  })

  it('a reset mail that fails for good keeps no link either', async () => {
    recorder.rejectRecipients([EMAIL])
    try {
      const before = outboxRows().length
      await trpcClient(server.url).admin.auth.requestPasswordReset.mutate({ email: EMAIL })
      const row = await waitFor(
        async () =>
          outboxRows()
            .slice(before)
            .find((r) => r.category === 'password-reset' && r.status === 'failed'),
        10_000,
        'the failed row',
      )
      expect(row).toMatchObject({ to_address: EMAIL, subject: SUBJECT, status: 'failed' })
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string') expect(value, `email_outbox.${column}`).not.toMatch(/access_token|update-password/)
      }
    } finally {
      recorder.reset()
    }
  })
})
