import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SIGN_IN_CODE_LOCKED,
  SIGN_IN_EMAIL_INVALID,
  SIGN_IN_EMAIL_MISSING,
  SIGN_IN_LINK_EXPIRED,
  SIGN_IN_LINK_INVALID,
  SIGN_IN_LINK_USED,
  signInCodeWrong,
  signInLinkRefused,
} from '#shared/artisan-sign-in.ts'
import { sha256Hex } from '#server/security/hash.ts'
import { errorOf, type SignedIn, startSignedIn, trpcClient } from './helpers/admin.ts'
import { addArtisan, artisan } from './helpers/admin-leads.ts'
import type { InProcessSite } from './helpers/app.ts'
import { startApp } from './helpers/app.ts'
import { artisanClient, artisanSessionCookie } from './helpers/artisan-area.ts'
import { changeRows, countRowsOf, readRows } from './helpers/database.ts'
import { proceduresUnder } from './helpers/procedures.ts'
import { mailEnv, type RunningSes, type SesEmail, startSes } from './helpers/ses.ts'
import { withCharacterChanged } from './helpers/token-spellings.ts'
import { waitFor } from './helpers/wait.ts'

const ADMIN = { email: 'accessi@artigianimilano.it', password: 'password sicura 2026' }
/** The test server's PUBLIC_URL is https: the cookies carry the __Host- prefix. */
const BINDING = '__Host-artisan-sign-in'
const SESSION = '__Host-artisan-session'
const THROTTLED = 'Troppe richieste di accesso. Riprova tra 60 minuti.'

let ses: RunningSes
let signedIn: SignedIn<InProcessSite>
let site: InProcessSite
let office: SignedIn['trpc']
/** Each test asks from its own loopback address, so that the per-client limit counts only its own requests. */
let nextAddress = 10
const newAddress = () => `127.0.0.${nextAddress++}`

beforeAll(async () => {
  ses = await startSes()
  // The worker looks at the outbox only every 10 minutes: every sign-in mail must wake it (someone is waiting for it).
  signedIn = await startSignedIn(
    ADMIN,
    { ...mailEnv(ses), MAIL_RETRY_BASE_MS: '50', ARTISAN_SIGN_IN_MAX_PER_IP: '8', MAIL_OUTBOX_POLL_SECONDS: '600' },
    startApp,
  )
  site = signedIn.server
  office = signedIn.trpc
})
afterAll(async () => {
  await signedIn?.server.stop()
  await ses?.stop()
})

type Reply = { status: number; cookies: string[]; headers: http.IncomingHttpHeaders; body: string }

/** One HTTP request from a chosen loopback address (the server sees it as the client's), with the cookies given. */
function send(
  method: string,
  path: string,
  { from = '127.0.0.1', cookie, body, headers = {} }: { from?: string; cookie?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const payload = body === undefined ? undefined : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: site.port,
        agent: false,
        localAddress: from,
        method,
        path,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-trpc-source': 'test' } : {}),
          ...(cookie ? { cookie } : {}),
          ...headers,
        },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, cookies: response.headers['set-cookie'] ?? [], headers: response.headers, body: text }),
        )
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

const cookieValue = (reply: Reply, name: string) => reply.cookies.find((c) => c.startsWith(`${name}=`))?.split(';')[0]
const messageOf = (reply: Reply) => (JSON.parse(reply.body) as { error?: { message: string } }).error?.message

/** "Invia link di accesso" from a browser: the answer, and the binding cookie it set. */
async function ask(email: string, { from = newAddress(), redirect }: { from?: string; redirect?: string } = {}) {
  const reply = await send('POST', '/trpc/area.signIn.request', { from, body: { email, redirect } })
  const binding = cookieValue(reply, BINDING)
  if (binding) secrets.push(binding.split('=')[1]!)
  return { reply, binding }
}

function verify(input: { code: string; token?: string }, { cookie, from = newAddress() }: { cookie?: string; from?: string } = {}) {
  return send('POST', '/trpc/area.signIn.verifyCode', { from, cookie, body: input })
}

const openLink = (token: string, cookie?: string) => send('GET', `/artigiano/entra?t=${token}`, { cookie })

/** Every token, code, address and cookie value the file handled: none may reach the log. */
const secrets: string[] = []

/** The link's token and the code of a sign-in mail. */
function partsOf(mail: SesEmail): { token: string; code: string } {
  const token = /\/artigiano\/entra\?t=([\w-]+)/.exec(mail.body.html ?? '')?.[1]
  const code = /Il tuo codice di accesso è (\d{6})/.exec(mail.body.html ?? '')?.[1]
  if (!token || !code) throw new Error(`no link or code in the mail "${mail.subject}"`)
  secrets.push(token, code)
  return { token, code }
}

/** The newest sign-in mail to that address, once there are `count` of them. */
async function mailTo(email: string, count = 1): Promise<SesEmail> {
  return waitFor(
    async () => {
      const mails = (await ses.emails()).filter((mail) => mail.destination.to.includes(email) && /link di accesso/.test(mail.subject))
      return mails.length >= count && mails.at(-1)
    },
    20_000,
    `sign-in mail ${count} to ${email}`,
  )
}

const sessionsOf = (artisanId: number) =>
  readRows<{ n: number }>(site.databasePath, 'select count(*) as n from artisan_sessions where artisan_id = ?', artisanId)[0]!.n
const tokensOf = (artisanId: number) =>
  readRows<{ used_at: string | null; failed_codes: number }>(
    site.databasePath,
    'select used_at, failed_codes from artisan_sign_in_tokens where artisan_id = ?',
    artisanId,
  )
const allTokens = () => countRowsOf(site.databasePath, 'artisan_sign_in_tokens')
const signInMailsTo = (...emails: string[]) =>
  readRows<{ n: number }>(
    site.databasePath,
    `select count(*) as n from email_outbox where category = 'artisan-sign-in' and to_address in (${emails.map(() => '?').join(', ')})`,
    ...emails,
  )[0]!.n

let craftsmen = 0
/** A craftsman of the register with an address of their own. */
async function craftsman(status: 'active' | 'inactive' | 'pending_review' | 'rejected' = 'active') {
  craftsmen += 1
  const email = `artigiano${craftsmen}@impianti-esempio.it`
  secrets.push(email)
  const id = await addArtisan(site.databasePath, artisan({ email, contactName: `Artigiano ${craftsmen}`, status }))
  return { id, email }
}

/** The whole journey in the browser that asked: the mail's link opened there. */
async function signInByLink(email: string) {
  const { binding } = await ask(email)
  const opened = await openLink(partsOf(await mailTo(email)).token, binding)
  return { opened, session: cookieValue(opened, SESSION)! }
}

describe('asking for a sign-in mail', () => {
  it('answers the same body, status and cookie for a craftsman, an unknown address, an applicant and a rejected craftsman; only the craftsman gets a mail', async () => {
    const active = await craftsman()
    const applicant = await craftsman('pending_review')
    const rejected = await craftsman('rejected')
    const replies = []
    for (const email of ['nessuno@example.com', applicant.email, rejected.email, active.email.toUpperCase()]) replies.push((await ask(email)).reply)
    for (const reply of replies) {
      expect(reply.status).toBe(200)
      expect(reply.body).toBe('{"result":{"data":{"ok":true}}}')
      expect(reply.cookies).toHaveLength(1)
      expect(reply.cookies[0]).toMatch(new RegExp(`^${BINDING}=[\\w-]{43}; Path=/; Max-Age=900; HttpOnly; SameSite=Lax; Secure$`))
    }
    const mail = await mailTo(active.email)
    expect(mail.destination.to).toEqual([active.email])
    // The craftsman's mail was queued after the other three's lookups: none of those queued anything.
    expect(signInMailsTo(applicant.email, rejected.email, 'nessuno@example.com')).toBe(0)
    expect(signInMailsTo(active.email)).toBe(1)
    expect((await ses.emails()).filter((m) => [applicant.email, rejected.email, 'nessuno@example.com'].some((to) => m.destination.to.includes(to)))).toEqual([])
    expect(readRows(site.databasePath, 'select artisan_id from artisan_sign_in_tokens')).toEqual([{ artisan_id: active.id }])
  })

  it('stores only hashes: neither the token, the code nor the cookie value is in the database, and the sent mail is scrubbed', async () => {
    const { email, id } = await craftsman()
    const { binding } = await ask(email)
    const { token, code } = partsOf(await mailTo(email))
    const [row] = readRows<Record<string, unknown>>(site.databasePath, 'select * from artisan_sign_in_tokens where artisan_id = ?', id)
    const stored = JSON.stringify(row)
    expect(stored).not.toContain(token)
    expect(stored).not.toContain(binding!.split('=')[1])
    expect(row!.code_hash).not.toBe(code)
    await waitFor(
      () => readRows<{ status: string }>(site.databasePath, "select status from email_outbox where to_address = ? and status = 'sent'", email).length > 0,
    )
    const outbox = JSON.stringify(readRows(site.databasePath, 'select * from email_outbox where to_address = ?', email))
    expect(outbox).not.toContain(token)
    expect(outbox).not.toContain(code)
  })

  it('refuses an empty, malformed or over-long address with its message, counting and storing nothing', async () => {
    const before = countRowsOf(site.databasePath, 'auth_throttle')
    expect(messageOf((await ask('   ')).reply)).toBe(SIGN_IN_EMAIL_MISSING)
    expect(messageOf((await ask('mario@')).reply)).toBe(SIGN_IN_EMAIL_INVALID)
    expect(messageOf((await ask(`${'a'.repeat(250)}@example.com`)).reply)).toBe(SIGN_IN_EMAIL_INVALID)
    const overLong = await ask(`${'a'.repeat(5000)}@example.com`)
    expect(overLong.reply.status).toBe(400)
    expect(overLong.binding).toBeUndefined()
    expect(messageOf(overLong.reply)).toBe(SIGN_IN_EMAIL_INVALID)
    expect(countRowsOf(site.databasePath, 'auth_throttle')).toBe(before)
  })

  it('is throttled per address: the sixth request for one e-mail in an hour is refused from anywhere, and sends nothing', async () => {
    const { email, id } = await craftsman()
    for (let i = 0; i < 5; i++) expect((await ask(email)).reply.status).toBe(200)
    await mailTo(email, 5)
    const refused = await ask(email)
    expect(refused.reply.status).toBe(429)
    expect(refused.reply.headers['retry-after']).toMatch(/^\d+$/)
    expect(messageOf(refused.reply)).toBe(THROTTLED)
    expect(refused.binding).toBeUndefined()
    expect(tokensOf(id)).toHaveLength(5)
  })

  it('is throttled per address a day: past 10 mails in 24 hours one e-mail is refused for hours, whoever asks, and sends nothing', async () => {
    const { email, id } = await craftsman()
    // The hour's counter of the address, emptied as an hour going by would (the day's stays).
    const hourGoesBy = () => changeRows(site.databasePath, 'delete from auth_throttle where key = ?', sha256Hex(`artisan-sign-in-account\0${email}`))
    for (let i = 0; i < 10; i++) {
      if (i === 5) hourGoesBy()
      expect((await ask(email, { from: newAddress() })).reply.status).toBe(200)
    }
    await mailTo(email, 10)
    hourGoesBy()
    const refused = await ask(email, { from: newAddress() })
    expect(refused.reply.status).toBe(429)
    expect(messageOf(refused.reply)).toBe('Troppe richieste di accesso. Riprova tra 24 ore.')
    expect(refused.binding).toBeUndefined()
    expect(tokensOf(id)).toHaveLength(10)
  })

  it('is throttled per client: past 8 requests in an hour one address is refused, whatever the e-mail', async () => {
    const from = newAddress()
    for (let i = 0; i < 8; i++) expect((await ask(`sconosciuto${i}@example.com`, { from })).reply.status).toBe(200)
    const { email, id } = await craftsman()
    const refused = await ask(email, { from })
    expect(refused.reply.status).toBe(429)
    expect(messageOf(refused.reply)).toBe(THROTTLED)
    // Another client is let through for the same craftsman.
    expect((await ask(email)).reply.status).toBe(200)
    await mailTo(email)
    expect(tokensOf(id)).toHaveLength(1)
  })

  it('refuses cross-site posts, as the office does', async () => {
    const { email, id } = await craftsman()
    const crossSite = await send('POST', '/trpc/area.signIn.request', { body: { email }, headers: { 'sec-fetch-site': 'cross-site' } })
    expect(crossSite.status).toBe(403)
    expect(messageOf(crossSite)).toBe('Richiesta non consentita.')
    const { session } = await signInByLink(email)
    const formPost = await send('POST', '/trpc/area.session.signOutEverywhere', {
      cookie: session,
      headers: { 'sec-fetch-site': 'cross-site', 'x-trpc-source': 'test', 'content-type': 'application/json' },
    })
    expect(formPost.status).toBe(403)
    expect(sessionsOf(id)).toBe(1)
    expect(tokensOf(id)).toHaveLength(1)
  })
})

describe('the link', () => {
  it('signs in the browser that asked, once: session cookie, last sign-in, audit entry, the area; opened again it is used', async () => {
    const { email, id } = await craftsman()
    const { binding } = await ask(email)
    const { token } = partsOf(await mailTo(email))
    const opened = await openLink(token, binding)
    expect(opened.status).toBe(303)
    expect(opened.headers.location).toBe('/artigiano/offerte')
    expect(opened.headers['cache-control']).toBe('no-store')
    const session = cookieValue(opened, SESSION)
    expect(session).toBeTruthy()
    const attributes = opened.cookies
      .find((c) => c.startsWith(`${SESSION}=`))!
      .split('; ')
      .slice(1)
    expect(attributes).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Lax', 'Secure', 'Path=/', `Max-Age=${30 * 24 * 60 * 60}`]))
    expect(cookieValue(opened, BINDING)).toBe(`${BINDING}=`)
    expect(await trpcClient(site.url, session).area.session.me.query()).toMatchObject({ id, email })
    expect(
      readRows<{ last_sign_in_at: string | null }>(site.databasePath, 'select last_sign_in_at from artisans where id = ?', id)[0]!.last_sign_in_at,
    ).toBeTruthy()
    expect(
      readRows(site.databasePath, "select actor_id, actor_email, actor_kind, details from audit_log where action = 'sign_in' and entity_id = ?", String(id)),
    ).toEqual([{ actor_id: String(id), actor_email: email, actor_kind: 'artisan', details: '{"via":"link"}' }])

    const again = await openLink(token, binding)
    expect(again.headers.location).toBe('/artigiano/accedi?errore=usato')
    expect(again.cookies).toEqual([])
    const page = await send('GET', again.headers.location!)
    expect(page.body).toContain(SIGN_IN_LINK_USED.replace(/'/g, '&#x27;'))
    expect(sessionsOf(id)).toBe(1)
  })

  it('opens the page the craftsman was sent away from, only within the area', async () => {
    const { email } = await craftsman()
    const within = await ask(email, { redirect: '/artigiano/zone?x=1' })
    const opened = await openLink(partsOf(await mailTo(email)).token, within.binding)
    expect(opened.headers.location).toBe('/artigiano/zone?x=1')
    const away = await ask(email, { redirect: 'https://altro-sito.example/artigiano/zone' })
    const elsewhere = await openLink(partsOf(await mailTo(email, 2)).token, away.binding)
    expect(elsewhere.headers.location).toBe('/artigiano/offerte')
  })

  it('is refused expired, and altered in any character, spending nothing', async () => {
    const { email, id } = await craftsman()
    const { binding } = await ask(email)
    const { token, code } = partsOf(await mailTo(email))
    // Its last and its first character each changed for another one: a fixed 'B' in front left a token starting with 'B' as it was.
    const changedAt = (at: number) => withCharacterChanged(token, at)
    for (const altered of [changedAt(token.length - 1), changedAt(0), token.slice(1), `${token}x`, '']) {
      expect(altered).not.toBe(token)
      const opened = await openLink(altered, binding)
      expect(opened.headers.location).toBe('/artigiano/accedi?errore=non-valido')
      expect(opened.cookies).toEqual([])
    }
    const page = await send('GET', '/artigiano/accedi?errore=non-valido')
    expect(page.body).toContain(SIGN_IN_LINK_INVALID.replace(/'/g, '&#x27;'))
    expect(messageOf(await verify({ token: changedAt(token.length - 1), code }))).toBe(SIGN_IN_LINK_INVALID)

    changeRows(site.databasePath, 'update artisan_sign_in_tokens set expires_at = ? where artisan_id = ?', Math.floor(Date.now() / 1000) - 1, id)
    const expired = await openLink(token, binding)
    expect(expired.headers.location).toBe('/artigiano/accedi?errore=scaduto')
    expect((await send('GET', expired.headers.location!)).body).toContain(SIGN_IN_LINK_EXPIRED)
    expect(messageOf(await verify({ token, code }))).toBe(SIGN_IN_LINK_EXPIRED)
    expect(sessionsOf(id)).toBe(0)
    expect(tokensOf(id)).toEqual([{ used_at: null, failed_codes: 0 }])
  })

  it('opened in another browser spends nothing and asks for the code; a link checker (HEAD) spends nothing either', async () => {
    const { email, id } = await craftsman()
    const { binding } = await ask(email)
    const { token, code } = partsOf(await mailTo(email))
    const elsewhere = await openLink(token)
    expect(elsewhere.status).toBe(303)
    expect(elsewhere.headers.location).toBe(`/artigiano/codice#t=${token}`)
    expect(elsewhere.cookies).toEqual([])
    const checked = await send('HEAD', `/artigiano/entra?t=${token}`, { cookie: binding })
    expect(checked.headers.location).toBe(`/artigiano/codice#t=${token}`)
    const otherBinding = (await ask('nessuno@example.com')).binding
    expect((await openLink(token, otherBinding)).headers.location).toBe(`/artigiano/codice#t=${token}`)
    expect(tokensOf(id)).toEqual([{ used_at: null, failed_codes: 0 }])

    const page = await send('GET', '/artigiano/codice')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Inserisci il codice')

    const right = await verify({ token, code })
    expect(right.status).toBe(200)
    expect(JSON.parse(right.body)).toEqual({ result: { data: { redirect: '/artigiano/offerte' } } })
    expect(await trpcClient(site.url, cookieValue(right, SESSION)).area.session.me.query()).toMatchObject({ id })
    expect(tokensOf(id)[0]!.used_at).toBeTruthy()
    expect((await openLink(token, binding)).headers.location).toBe('/artigiano/accedi?errore=usato')
    expect(messageOf(await verify({ token, code }))).toBe(SIGN_IN_LINK_USED)
  })

  it('takes at most 5 wrong codes in another browser: the sixth try is refused even with the right code', async () => {
    const { email, id } = await craftsman()
    await ask(email)
    const { token, code } = partsOf(await mailTo(email))
    const wrong = code === '000000' ? '111111' : '000000'
    for (let left = 4; left >= 1; left--) expect(messageOf(await verify({ token, code: wrong }))).toBe(signInCodeWrong(left))
    expect(messageOf(await verify({ token, code: wrong }))).toBe(SIGN_IN_CODE_LOCKED)
    const sixth = await verify({ token, code })
    expect(sixth.status).toBe(400)
    expect(messageOf(sixth)).toBe(SIGN_IN_CODE_LOCKED)
    expect(sixth.cookies).toEqual([])
    expect(sessionsOf(id)).toBe(0)
    expect(messageOf(await verify({ token, code: '12345' }))).toBe('Il codice è di 6 cifre: lo trovi nella stessa email del link.')
  })

  it('looks at no more than 5 of 8 guesses sent at once: at most one session, the rest refused', async () => {
    const { email, id } = await craftsman()
    await ask(email)
    const { token, code } = partsOf(await mailTo(email))
    const wrong = code === '000000' ? '111111' : '000000'
    const replies = await Promise.all([...Array.from({ length: 7 }, () => verify({ token, code: wrong })), verify({ token, code })])
    const signedIn = replies.filter((reply) => reply.status === 200).length
    expect(signedIn).toBeLessThanOrEqual(1)
    expect(sessionsOf(id)).toBe(signedIn)
    // Tries read after the fifth was counted are refused without looking at their code.
    expect(tokensOf(id)[0]!.failed_codes).toBeGreaterThanOrEqual(5)
    expect(replies.filter((reply) => messageOf(reply) === SIGN_IN_CODE_LOCKED).length).toBeGreaterThanOrEqual(3 - signedIn)
  })
})

describe('the code in the browser that asked', () => {
  it('signs that browser in', async () => {
    const { email, id } = await craftsman()
    const { binding } = await ask(email, { redirect: '/artigiano/profilo' })
    const { code } = partsOf(await mailTo(email))
    const reply = await verify({ code: ` ${code.slice(0, 3)} ${code.slice(3)} ` }, { cookie: binding })
    expect(JSON.parse(reply.body)).toEqual({ result: { data: { redirect: '/artigiano/profilo' } } })
    expect(await trpcClient(site.url, cookieValue(reply, SESSION)).area.session.me.query()).toMatchObject({ id })
    expect(cookieValue(reply, BINDING)).toBe(`${BINDING}=`)
  })

  it('answers a wrong code the same, in the same order, whether or not a mail went out; without the cookie the code has expired', async () => {
    const { email } = await craftsman()
    const known = (await ask(email)).binding
    const { code } = partsOf(await mailTo(email))
    const unknown = (await ask('non-in-rete@example.com')).binding
    const wrong = code === '000000' ? '111111' : '000000'
    for (let left = 4; left >= 1; left--) {
      expect(messageOf(await verify({ code: wrong }, { cookie: known }))).toBe(signInCodeWrong(left))
      expect(messageOf(await verify({ code: wrong }, { cookie: unknown }))).toBe(signInCodeWrong(left))
    }
    expect(messageOf(await verify({ code: wrong }, { cookie: known }))).toBe(SIGN_IN_CODE_LOCKED)
    expect(messageOf(await verify({ code: wrong }, { cookie: unknown }))).toBe(SIGN_IN_CODE_LOCKED)
    expect(messageOf(await verify({ code }, { cookie: known }))).toBe(SIGN_IN_CODE_LOCKED)
    expect(messageOf(await verify({ code }))).toBe('Il codice è scaduto: chiedi un nuovo link di accesso.')
  })
})

/** The area's procedures that answer whoever asks: who is signed in, signing out, and signing in. */
const OPEN_AREA = ['area.session.me', 'area.session.signOut', 'area.signIn.request', 'area.signIn.verifyCode']
/** The office's that answer without an administrator's session: signing in and out, and password recovery. */
const OPEN_ADMIN = new Set(['admin.auth.me', 'admin.auth.signIn', 'admin.auth.confirmEnrolment', 'admin.auth.signOut'])
const OPEN_ADMIN_RECOVERY = ['admin.auth.requestPasswordReset', 'admin.auth.verifyResetToken', 'admin.auth.updatePassword']

/** A procedure called over HTTP with an empty input: its status and error code (a guard runs before the input is read). */
async function callAs(path: string, type: string, cookie: string) {
  const reply =
    type === 'query'
      ? await send('GET', `/trpc/${path}?input=${encodeURIComponent('{}')}`, { cookie, headers: { 'x-trpc-source': 'test' } })
      : await send('POST', `/trpc/${path}`, { cookie, body: {} })
  const body = JSON.parse(reply.body) as { error?: { message: string; data?: { code?: string } } }
  return { status: reply.status, code: body.error?.data?.code, message: body.error?.message }
}

describe('sessions', () => {
  it('an administrator’s cookie reaches no procedure of the area that needs a craftsman', async () => {
    const area = proceduresUnder('area.')
    expect(area.map(({ path }) => path)).toEqual(expect.arrayContaining([...OPEN_AREA, 'area.session.signOutEverywhere']))
    const guarded = area.filter(({ path }) => !OPEN_AREA.includes(path))
    for (const { path, type } of guarded) {
      expect({ path, ...(await callAs(path, type, signedIn.cookie)) }).toEqual({
        path,
        status: 401,
        code: 'UNAUTHORIZED',
        message: "Accedi all'area artigiani per continuare.",
      })
    }
  })

  it('a craftsman’s cookie reaches no procedure of the office', async () => {
    const { id } = await craftsman()
    const { cookie } = artisanClient(site.url, site.databasePath, id)
    const guarded = proceduresUnder('admin.').filter(({ path }) => !OPEN_ADMIN.has(path) && !OPEN_ADMIN_RECOVERY.includes(path))
    expect(guarded.length).toBeGreaterThan(40)
    for (const { path, type } of guarded) {
      expect({ path, ...(await callAs(path, type, cookie)) }).toEqual({
        path,
        status: 401,
        code: 'UNAUTHORIZED',
        message: 'Accesso riservato agli amministratori.',
      })
    }
    // Changing a password without a reset link needs an administrator's session too.
    const password = 'una password nuova 2026'
    expect((await errorOf(trpcClient(site.url, cookie).admin.auth.updatePassword.mutate({ password, confirmPassword: password }))).code).toBe('UNAUTHORIZED')
    expect(await trpcClient(site.url, cookie).admin.auth.me.query()).toBeNull()
    expect(tokensOf(id)).toEqual([])
  })

  it('area.session.me is null without a cookie, and with an administrator’s', async () => {
    expect(await trpcClient(site.url).area.session.me.query()).toBeNull()
    expect(await trpcClient(site.url, signedIn.cookie).area.session.me.query()).toBeNull()
    expect(await errorOf(trpcClient(site.url, signedIn.cookie).area.session.signOutEverywhere.mutate())).toMatchObject({
      code: 'UNAUTHORIZED',
      message: "Accedi all'area artigiani per continuare.",
    })
  })

  it('signing out ends this device only; "Esci da tutti i dispositivi" ends them all, recorded as the craftsman', async () => {
    const { email, id } = await craftsman()
    const phone = (await signInByLink(email)).session
    const laptop = artisanSessionCookie(site.databasePath, id)
    const tablet = artisanSessionCookie(site.databasePath, id)
    await trpcClient(site.url, phone).area.session.signOut.mutate()
    expect(await trpcClient(site.url, phone).area.session.me.query()).toBeNull()
    expect(await trpcClient(site.url, laptop).area.session.me.query()).toMatchObject({ id })
    await trpcClient(site.url, laptop).area.session.signOutEverywhere.mutate()
    expect(await trpcClient(site.url, tablet).area.session.me.query()).toBeNull()
    expect(sessionsOf(id)).toBe(0)
    expect(readRows(site.databasePath, "select actor_kind, details from audit_log where action = 'sessions_ended' and entity_id = ?", String(id))).toEqual([
      { actor_kind: 'artisan', details: '{"sessions":2}' },
    ])
  })

  it('a craftsman deleted while signed in is signed out at their next request: the session went with them', async () => {
    const { email, id } = await craftsman()
    const { session } = await signInByLink(email)
    const client = trpcClient(site.url, session)
    expect(await client.area.session.me.query()).toMatchObject({ id })
    await office.admin.artisans.remove.mutate({ id })
    expect(sessionsOf(id)).toBe(0)
    expect(await client.area.session.me.query()).toBeNull()
    expect(await errorOf(client.area.session.signOutEverywhere.mutate())).toMatchObject({ code: 'UNAUTHORIZED' })
    const page = await send('GET', '/artigiano/offerte', { cookie: session })
    expect(page.status).toBe(307)
    expect(page.headers.location).toMatch(/^\/artigiano\/accedi\?redirect=/)
  })

  it('a craftsman rejected while signed in loses the area at once, and a link mailed before no longer works', async () => {
    const { email, id } = await craftsman()
    const { session } = await signInByLink(email)
    const { binding } = await ask(email)
    const { token, code } = partsOf(await mailTo(email, 2))
    changeRows(site.databasePath, "update artisans set status = 'rejected' where id = ?", id)
    expect(await trpcClient(site.url, session).area.session.me.query()).toBeNull()
    expect(await errorOf(trpcClient(site.url, session).area.session.signOutEverywhere.mutate())).toMatchObject({ code: 'UNAUTHORIZED' })
    expect((await openLink(token, binding)).headers.location).toBe('/artigiano/accedi?errore=non-valido')
    expect(messageOf(await verify({ code }, { cookie: binding }))).toBe(SIGN_IN_LINK_INVALID)
    expect(tokensOf(id).filter((token) => token.used_at)).toHaveLength(1)
    expect(sessionsOf(id)).toBe(1)
  })
})

describe('the area’s pages', () => {
  it('send a visitor without a session to the sign-in, are never stored, and are never served from the public page cache', async () => {
    const anonymous = await send('GET', '/artigiano/offerte')
    expect(anonymous.status).toBe(307)
    expect(anonymous.headers.location).toBe('/artigiano/accedi?redirect=%2Fartigiano%2Fofferte')
    expect(anonymous.headers['cache-control']).toBe('private, no-store')

    const { id } = await craftsman()
    const cookie = artisanSessionCookie(site.databasePath, id)
    const page = await send('GET', '/artigiano/offerte', { cookie })
    expect(page.status).toBe(200)
    expect(page.headers['cache-control']).toBe('private, no-store')
    // Right after a signed-in page, the same address without a session is not that page.
    expect((await send('GET', '/artigiano/offerte')).status).toBe(307)

    const signInPage = await send('GET', '/artigiano/accedi')
    expect(signInPage.status).toBe(200)
    expect(signInPage.headers['cache-control']).toBe('private, no-store')
    expect(signInPage.body).toContain('Invia link di accesso')
  })

  it('send a signed-in craftsman from the sign-in page to the area', async () => {
    const { id } = await craftsman()
    const cookie = artisanSessionCookie(site.databasePath, id)
    for (const path of ['/artigiano/accedi', '/artigiano/codice']) {
      const page = await send('GET', path, { cookie })
      expect(page.status).toBe(307)
      expect(page.headers.location).toBe('/artigiano/offerte')
    }
  })

  it('the public page of the craftsmen links to the sign-in', async () => {
    const page = await send('GET', '/area-artigiani')
    expect(page.body).toMatch(/<a [^>]*href="\/artigiano\/accedi"[^>]*>Sei già nella nostra rete\? Accedi all(&#x27;|')area artigiani<\/a>/)
  })
})

describe('the office', () => {
  it('"Invia link di accesso" mails a craftsman of the area a link that asks for its code, recorded as the administrator', async () => {
    const { email, id } = await craftsman('inactive')
    expect(await office.admin.artisans.sendSignInLink.mutate({ id })).toEqual({ ok: true, email })
    const { token, code } = partsOf(await mailTo(email))
    expect(
      readRows(site.databasePath, "select actor_email, actor_kind from audit_log where action = 'sign_in_link_sent' and entity_id = ?", String(id)),
    ).toEqual([{ actor_email: ADMIN.email, actor_kind: 'administrator' }])
    const anyBrowser = (await ask('nessuno@example.com')).binding
    expect((await openLink(token, anyBrowser)).headers.location).toBe(`/artigiano/codice#t=${token}`)
    expect((await verify({ token, code })).status).toBe(200)
  })

  it('refuses an applicant or a rejected craftsman with the reason, and an unknown one, sending nothing', async () => {
    const applicant = await craftsman('pending_review')
    const rejected = await craftsman('rejected')
    expect(await errorOf(office.admin.artisans.sendSignInLink.mutate({ id: applicant.id }))).toEqual({
      code: 'BAD_REQUEST',
      status: 400,
      message: signInLinkRefused('In Revisione'),
    })
    expect((await errorOf(office.admin.artisans.sendSignInLink.mutate({ id: rejected.id }))).message).toBe(signInLinkRefused('Rifiutato'))
    expect((await errorOf(office.admin.artisans.sendSignInLink.mutate({ id: 999_999 }))).code).toBe('NOT_FOUND')
    expect(tokensOf(applicant.id)).toEqual([])
    expect(tokensOf(rejected.id)).toEqual([])
    expect(allTokens()).toBeGreaterThan(0)
  })
})

describe('the log', () => {
  it('holds no address, token, code or cookie value of all the sign-ins above, and says what happened by id', () => {
    const log = site.logs.join('\n')
    expect(secrets.length).toBeGreaterThan(50)
    // Each as a whole (not inside a longer run of letters or digits): a 6-digit code is bound to turn up inside the
    // log's millisecond times now and then.
    const found = (secret: string) => new RegExp(`(?<![\\w-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(log)
    expect(secrets.filter(found)).toEqual([])
    expect(log).toContain('"msg":"artisan signed in"')
    expect(log).toContain('"msg":"artisan sign-in refused"')
  })
})
