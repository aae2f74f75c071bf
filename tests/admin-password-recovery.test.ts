import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { errorOf, signIn, startServerWithAdmin, trpcClient } from './helpers/admin.ts'
import { type InProcessSite, startApp } from './helpers/app.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { waitForEmails } from './helpers/requests.ts'
import { mailEnv, type RunningSes, type SesEmail, startSes } from './helpers/ses.ts'

const EMAIL = 'titolare@artigianimilano.it'
const PASSWORD = 'password iniziale'
const INVALID_LINK = 'Il link per il reset della password non è valido o è scaduto.'

let ses: RunningSes
let server: InProcessSite

beforeAll(async () => {
  ses = await startSes()
  // The worker looks at the outbox only every 10 minutes: the recovery mail must wake it (a link a person is waiting for).
  server = await startServerWithAdmin(
    { email: EMAIL, password: PASSWORD },
    { ...mailEnv(ses), MAIL_RETRY_BASE_MS: '50', MAIL_OUTBOX_POLL_SECONDS: '600' },
    startApp,
  )
})
afterAll(async () => {
  await server?.stop()
  await ses?.stop()
})

const waitForMail = (count: number) => waitForEmails(() => ses.emails(), count)

function tokenFrom(email: SesEmail): string {
  const match = (email.body.html ?? '').match(/\/admin\/update-password#access_token=([\w-]+)/)
  if (!match) throw new Error('no reset link in the e-mail')
  return match[1]!
}

describe('password recovery', () => {
  it('answers the same for an unknown e-mail and sends nothing', async () => {
    await ses.clear()
    expect(await trpcClient(server.url).admin.auth.requestPasswordReset.mutate({ email: 'nessuno@example.com' })).toEqual({ ok: true })
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(await ses.emails()).toHaveLength(0)
  })

  it('refuses an empty e-mail with the spec message', async () => {
    const empty = await errorOf(trpcClient(server.url).admin.auth.requestPasswordReset.mutate({ email: '  ' }))
    expect(empty.code).toBe('BAD_REQUEST')
    expect(empty.message).toContain('Inserisci la tua email per recuperare la password.')
  })

  it('mails a link whose token works once, ends the sessions and stores only its hash', async () => {
    await ses.clear()
    const session = await signIn(server.url, EMAIL, PASSWORD)
    await trpcClient(server.url).admin.auth.requestPasswordReset.mutate({ email: 'TITOLARE@artigianimilano.it' })
    const [mail] = await waitForMail(1)
    expect(mail!.destination.to).toEqual([EMAIL])
    expect(mail!.body.html).toContain('https://www.artigianimilano.it/admin/update-password#access_token=')
    const token = tokenFrom(mail!)

    const stored = readRows<{ token_hash: string }>(server.databasePath, 'select token_hash from password_reset_tokens')
    expect(stored.some((row) => row.token_hash === token)).toBe(false)

    const anonymous = trpcClient(server.url)
    expect(await anonymous.admin.auth.verifyResetToken.mutate({ token })).toEqual({ valid: true })
    expect(await anonymous.admin.auth.updatePassword.mutate({ token, password: 'password nuova', confirmPassword: 'password nuova' })).toEqual({ ok: true })
    expect(await session.trpc.admin.auth.me.query()).toBeNull()
    await signIn(server.url, EMAIL, 'password nuova')

    expect(await anonymous.admin.auth.verifyResetToken.mutate({ token })).toEqual({ valid: false })
    const reused = await errorOf(anonymous.admin.auth.updatePassword.mutate({ token, password: 'altra password', confirmPassword: 'altra password' }))
    expect(reused).toEqual({ code: 'BAD_REQUEST', status: 400, message: INVALID_LINK })
    await signIn(server.url, EMAIL, 'password nuova')
  })

  it('refuses an expired token and a forged one', async () => {
    await ses.clear()
    const passwordHash = () => readRows<{ password_hash: string }>(server.databasePath, 'select password_hash from admin_users where email = ?', EMAIL)
    const before = passwordHash()
    await trpcClient(server.url).admin.auth.requestPasswordReset.mutate({ email: EMAIL })
    const token = tokenFrom((await waitForMail(1))[0]!)
    changeRows(server.databasePath, 'update password_reset_tokens set expires_at = ? where used_at is null', Math.floor(Date.now() / 1000) - 1)
    const anonymous = trpcClient(server.url)
    expect(await anonymous.admin.auth.verifyResetToken.mutate({ token })).toEqual({ valid: false })
    const expired = await errorOf(anonymous.admin.auth.updatePassword.mutate({ token, password: 'password xyz1', confirmPassword: 'password xyz1' }))
    expect(expired.message).toBe(INVALID_LINK)
    const forged = await errorOf(
      anonymous.admin.auth.updatePassword.mutate({ token: 'a'.repeat(43), password: 'password xyz1', confirmPassword: 'password xyz1' }),
    )
    expect(forged).toEqual({ code: 'BAD_REQUEST', status: 400, message: INVALID_LINK })
    // The password is the one set before: neither link changed it (signing in again would wait for a fresh code).
    expect(passwordHash()).toEqual(before)
  })

  it('refuses a new password without a token or a session', async () => {
    const anonymous = await errorOf(trpcClient(server.url).admin.auth.updatePassword.mutate({ password: 'password xyz1', confirmPassword: 'password xyz1' }))
    expect(anonymous.code).toBe('UNAUTHORIZED')
  })
})
