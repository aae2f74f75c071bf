import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, errorOf, signIn, trpcClient } from '../helpers/admin.ts'
import { publicClient, readRows, rejection, solveCaptcha, validApplication, validContact, validQuote } from '../helpers/requests.ts'
import { waitFor } from '../helpers/wait.ts'
import { type RunningServer, startServer } from '../helpers/server.ts'
import { mailEnv, type RunningSes, startSes } from '../helpers/ses.ts'

const ADMIN = 'titolare.segreto@artigianimilano.it'
const PASSWORD = 'Una password iniziale abbastanza lunga'
const UNKNOWN = 'sconosciuto.utente@example.org'
// What each form sends about the person: no log line may hold it, in any spelling.
const QUOTE = { email: 'Anna.Verdi+casa@example.net', phone: '+39 347 765 4321' }
const CONTACT = { email: 'paolo.neri@example.com', phone: '02 8765 4321' }
const ARTISAN = { email: 'bottega.blu@example.it', phone: '335 112 2334' }
const BAD_TOKEN = 'bWFyaW8ucm9zc2lAZXhhbXBsZS5jb20.Zm9yZ2VkLXNpZ25hdHVyZS0xMjM0'

let ses: RunningSes
let server: RunningServer

beforeAll(async () => {
  ses = await startSes()
  return () => ses.stop()
})
beforeAll(async () => {
  server = await startServer({ ...mailEnv(ses), LOG_LEVEL: 'trace', MAIL_RETRY_BASE_MS: '50' })
  return () => server.stop()
})
beforeAll(() => createAdmin(server.databasePath, ADMIN, PASSWORD))

/** The forms of an e-mail or a phone number that would still identify it in a log line. */
function spellings(value: string): string[] {
  const lower = value.toLowerCase()
  const digits = value.replace(/\D/g, '')
  return value.includes('@') ? [value, lower, lower.split('@')[0]!] : [value, digits, digits.slice(-7), value.replace(/^\+39\s*/, '')]
}

describe('the server log', () => {
  it('holds none of the e-mails, phones, tokens or cookies of sign-ins, forms, password resets and unsubscribes', async () => {
    const secrets: string[] = [ADMIN, UNKNOWN, PASSWORD, BAD_TOKEN, ...[QUOTE, CONTACT, ARTISAN].flatMap((person) => [person.email, person.phone])]
    const anonymous = trpcClient(server.url)

    // Sign-in failures: a wrong password for a known address, any password for an unknown one.
    for (const email of [ADMIN, UNKNOWN]) {
      const failed = await errorOf(anonymous.admin.auth.signIn.mutate({ email, password: 'password sbagliata di prova' }))
      expect(failed.status).toBeGreaterThanOrEqual(400)
    }

    // A session, then requests that carry its cookie and credentials in other headers.
    const { cookie } = await signIn(server.url, ADMIN, PASSWORD)
    secrets.push(cookie, cookie.split('=')[1]!)
    const authorization = 'Bearer c2VncmV0by1kaS1wcm92YS0xMjM0NTY3ODkw'
    secrets.push(authorization.split(' ')[1]!)
    for (const path of ['/', '/admin', '/trpc/admin.auth.me', '/healthz']) {
      await fetch(`${server.url}${path}`, { headers: { cookie, authorization, 'x-trpc-source': 'test' } })
    }

    // A quote with an invalid field, then valid forms of all three kinds.
    const client = publicClient(server.url)
    const invalid = await rejection(client.requests.quote.mutate({ ...validQuote({ ...QUOTE, serviceId: 'non-esiste' }), ...(await solveCaptcha(client)) }))
    expect(invalid.status).toBe(400)
    const captcha = await solveCaptcha(client)
    secrets.push(captcha.captchaToken)
    await client.requests.quote.mutate({ ...validQuote(QUOTE), ...captcha })
    await client.requests.contact.mutate({ ...validContact(CONTACT), ...(await solveCaptcha(client)) })
    await client.requests.application.mutate({ ...validApplication(ARTISAN), ...(await solveCaptcha(client)) })

    // A password reset, sent through the SES emulator: its token is in the e-mail only.
    await ses.clear()
    await anonymous.admin.auth.requestPasswordReset.mutate({ email: ADMIN })
    await anonymous.admin.auth.requestPasswordReset.mutate({ email: UNKNOWN })
    const resetMail = await waitFor(async () => (await ses.emails()).find((mail) => mail.subject.startsWith('Recupero password')), 20_000, 'the reset e-mail')
    const resetToken = /access_token=([\w-]+)/.exec(resetMail.body.html ?? '')?.[1]
    expect(resetToken).toBeTruthy()
    secrets.push(resetToken!)
    expect(await anonymous.admin.auth.verifyResetToken.mutate({ token: resetToken! })).toEqual({ valid: true })

    // Unsubscribe links with a token that does not verify, by GET and by the one-click POST.
    for (const method of ['GET', 'POST']) {
      const response = await fetch(`${server.url}/unsubscribe?token=${BAD_TOKEN}`, { method })
      expect(response.status).toBe(400)
    }

    // Every confirmation and notification has gone through the worker, so its log lines are in too.
    const pending = () => readRows<{ n: number }>(server.databasePath, "select count(*) as n from email_outbox where status = 'pending'")[0]!.n
    await waitFor(async () => (pending() === 0 ? true : undefined), 20_000, 'the outbox to be empty')

    const log = server.logs.join('\n')
    expect(log).toContain('"msg":"request"')
    for (const secret of secrets) {
      for (const spelling of secret.includes('@') || /^\+?[\d ]+$/.test(secret) ? spellings(secret) : [secret]) {
        expect(log.toLowerCase(), spelling).not.toContain(spelling.toLowerCase())
      }
    }
  })

  it('holds no address that SES puts in its error messages', async () => {
    // SES names the unverified identities in its refusal, as the sandbox does: the worker logs that error.
    const fakeSes = http.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk: Buffer) => (body += chunk.toString()))
      req.on('end', () => {
        const raw = Buffer.from(new URLSearchParams(body).get('RawMessage.Data') ?? '', 'base64').toString('utf8')
        const to = /^To: (.*)$/m.exec(raw)?.[1]?.trim() ?? ''
        const message = `Email address is not verified. The following identities failed the check in region EU-SOUTH-1: ${to}, noreply@artigianimilano.it`
        res.writeHead(400, { 'content-type': 'text/xml' })
        res.end(
          `<ErrorResponse><Error><Type>Sender</Type><Code>MessageRejected</Code><Message>${message}</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
        )
      })
    })
    await new Promise<void>((resolve) => fakeSes.listen(0, '127.0.0.1', resolve))
    const rejecting = await startServer({ ...mailEnv({ endpoint: `http://127.0.0.1:${(fakeSes.address() as AddressInfo).port}` }), LOG_LEVEL: 'trace' })
    try {
      const client = publicClient(rejecting.url)
      await client.requests.contact.mutate({ ...validContact(CONTACT), ...(await solveCaptcha(client)) })
      const failed = () => rejecting.logs.filter((line) => line.includes('e-mail failed for good'))
      await waitFor(async () => (failed().length >= 2 ? true : undefined), 20_000, 'both e-mails to fail')
      expect(failed().join('\n')).toContain('MessageRejected')
      const log = rejecting.logs.join('\n').toLowerCase()
      for (const spelling of [...spellings(CONTACT.email), ...spellings(CONTACT.phone), 'richieste@artigianimilano.it'])
        expect(log, spelling).not.toContain(spelling.toLowerCase())
    } finally {
      await rejecting.stop()
      await new Promise((resolve) => fakeSes.close(resolve))
    }
  })
})
