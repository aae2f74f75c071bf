import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import http from 'node:http'
import path from 'node:path'
import { promisify } from 'node:util'
import { dictionary } from '@zxcvbn-ts/language-common'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAdmin, currentStep, markTotpStepUsed, nextTotpCode, signIn, totpCode, totpSecretFor } from '../helpers/admin.ts'
import { changeRows, databaseEnv, readRows } from '../helpers/database.ts'
import { buildDir, type RunningServer, startServer } from '../helpers/server.ts'
import { type Answer, call, data, message } from '../helpers/trpc-call.ts'

const PASSWORD = 'una password robusta 2026'
const INVALID_CREDENTIALS = 'Credenziali non valide. Riprova.'
const INVALID_CODE = 'Codice di verifica non valido o già usato. Riprova.'
const TOO_SHORT = 'La password deve contenere almeno 12 caratteri.'
const TOO_COMMON = 'Questa password è tra le più comuni: scegline una meno prevedibile.'
const root = path.resolve(import.meta.dirname, '../..')

const sql = <T>(server: RunningServer, query: string, ...params: unknown[]) => readRows<T>(server.databasePath, query, ...params)

const admin = (server: RunningServer, email: string) =>
  sql<{ id: string; password_hash: string; totp_secret: string | null }>(
    server,
    'select id, password_hash, totp_secret from admin_users where email = ?',
    email,
  )[0]!

async function cli(server: RunningServer, ...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    await promisify(execFile)(process.execPath, [path.join(buildDir(), 'server/commands/admin.js'), ...args], {
      cwd: root,
      env: { PATH: process.env.PATH, ...databaseEnv(server.databasePath), LOG_LEVEL: 'silent' },
    })
    return { code: 0, stderr: '' }
  } catch (error) {
    const failed = error as { code: number; stderr: string }
    return { code: failed.code, stderr: failed.stderr }
  }
}

let server: RunningServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(async () => {
  await server?.stop()
})

describe('administrator passwords', () => {
  const email = 'password@artigianimilano.it'
  let cookie = ''
  let resetToken = ''

  beforeAll(async () => {
    await createAdmin(server.databasePath, email, PASSWORD)
    ;({ cookie } = await signIn(server.url, email, PASSWORD))
    // A reset link as the e-mail would carry it: only its hash is stored.
    resetToken = 'link-di-prova-'.padEnd(43, 'x')
    const hash = createHash('sha256').update(resetToken).digest('hex')
    changeRows(
      server.databasePath,
      'insert into password_reset_tokens values (?, ?, ?, null, ?)',
      hash,
      admin(server, email).id,
      Math.floor(Date.now() / 1000) + 3600,
      new Date().toISOString(),
    )
  })

  it('are refused under 12 characters, at every length, by the reset link, the signed-in change and the command line', async () => {
    const before = admin(server, email).password_hash
    for (let length = 1; length <= 11; length++) {
      const password = 'k'.repeat(length)
      for (const input of [
        { token: resetToken, password, confirmPassword: password },
        { currentPassword: PASSWORD, password, confirmPassword: password },
      ]) {
        const answer = await call(server, 'admin.auth.updatePassword', input, { cookie })
        expect({ length, status: answer.status }).toEqual({ length, status: 400 })
        expect(message(answer)).toContain(TOO_SHORT)
      }
    }
    const created = await cli(server, 'create', '--email', 'corta@artigianimilano.it', '--password', 'undici-lett')
    expect(created.code).toBe(1)
    expect(created.stderr).toContain('the password must be 12 to 256 characters long')
    const reset = await cli(server, 'reset-password', '--email', email, '--password', 'undici-lett')
    expect(reset.code).toBe(1)
    expect(sql(server, 'select 1 from admin_users where email = ?', 'corta@artigianimilano.it')).toEqual([])
    expect(admin(server, email).password_hash).toBe(before)
  })

  it('are refused when among the common passwords of the list, in any case, everywhere', async () => {
    const before = admin(server, email).password_hash
    const common = dictionary['passwords-common'].filter((entry) => entry.length >= 12 && entry.length <= 256)
    expect(common.length).toBeGreaterThan(300)
    const spellings = (entry: string) => [entry, entry.toUpperCase(), entry[0]!.toUpperCase() + entry.slice(1)]
    for (const entry of common) {
      for (const password of spellings(entry)) {
        const answer = await call(server, 'admin.auth.updatePassword', { token: resetToken, password, confirmPassword: password })
        expect({ password, status: answer.status, message: message(answer) }).toEqual({ password, status: 400, message: TOO_COMMON })
      }
    }
    for (const password of ['password1234', 'Qwertyuiop12']) {
      const signedIn = await call(server, 'admin.auth.updatePassword', { currentPassword: PASSWORD, password, confirmPassword: password }, { cookie })
      expect({ status: signedIn.status, message: message(signedIn) }).toEqual({ status: 400, message: TOO_COMMON })
    }
    const created = await cli(server, 'create', '--email', 'comune@artigianimilano.it', '--password', 'qwertyuiop12')
    expect(created).toEqual({ code: 1, stderr: expect.stringContaining('among the most common') })
    const reset = await cli(server, 'reset-password', '--email', email, '--password', 'PASSWORD1234')
    expect(reset).toEqual({ code: 1, stderr: expect.stringContaining('among the most common') })
    expect(admin(server, email).password_hash).toBe(before)
    // The link still works: a refused password does not spend it.
    const accepted = await call(server, 'admin.auth.updatePassword', { token: resetToken, password: PASSWORD, confirmPassword: PASSWORD })
    expect(accepted.status).toBe(200)
    ;({ cookie } = await signIn(server.url, email, PASSWORD))
  })

  it('change while signed in only with the right current password; wrong ones count as failed sign-ins', async () => {
    const before = admin(server, email).password_hash
    const next = 'una nuova password 2027'
    const missing = await call(server, 'admin.auth.updatePassword', { password: next, confirmPassword: next }, { cookie })
    expect({ status: missing.status, message: message(missing) }).toEqual({ status: 400, message: 'Inserisci la password attuale.' })
    for (let i = 0; i < 5; i++) {
      const wrong = await call(
        server,
        'admin.auth.updatePassword',
        { currentPassword: `sbagliata ${i}`, password: next, confirmPassword: next },
        { cookie, from: '127.0.0.40' },
      )
      expect({ status: wrong.status, message: message(wrong) }).toEqual({ status: 400, message: 'La password attuale non è corretta.' })
    }
    const throttled = await call(
      server,
      'admin.auth.updatePassword',
      { currentPassword: PASSWORD, password: next, confirmPassword: next },
      { cookie, from: '127.0.0.40' },
    )
    expect(throttled.status).toBe(429)
    expect(Number(throttled.retryAfter)).toBeGreaterThan(0)
    const signInThere = await call(server, 'admin.auth.signIn', { email, password: PASSWORD }, { from: '127.0.0.40' })
    expect(signInThere.status).toBe(429)
    expect(admin(server, email).password_hash).toBe(before)

    const changed = await call(server, 'admin.auth.updatePassword', { currentPassword: PASSWORD, password: next, confirmPassword: next }, { cookie })
    expect(changed.status).toBe(200)
    expect(admin(server, email).password_hash).not.toBe(before)
    expect(sql(server, "select 1 from audit_log where action = 'password_change' and entity_id = ?", admin(server, email).id)).toHaveLength(2)
  })
})

describe('the second factor', () => {
  const email = 'totp@artigianimilano.it'
  const secret = totpSecretFor(email)

  beforeAll(async () => {
    await createAdmin(server.databasePath, email, PASSWORD)
  })

  it('is asked for after the right password, without a session; a wrong password or an unknown account is told nothing more', async () => {
    const sessions = sql(server, 'select id from admin_sessions').length
    const noCode = await call(server, 'admin.auth.signIn', { email, password: PASSWORD })
    expect(noCode).toMatchObject({ status: 200, cookie: null })
    expect(data(noCode)).toEqual({ status: 'code-required' })
    const emptyCode = await call(server, 'admin.auth.signIn', { email, password: PASSWORD, code: '  ' })
    expect(data(emptyCode)).toEqual({ status: 'code-required' })

    const code = totpCode(secret, currentStep())
    const wrongPassword = await call(server, 'admin.auth.signIn', { email, password: 'non è questa', code })
    const unknown = await call(server, 'admin.auth.signIn', { email: 'nessuno@artigianimilano.it', password: PASSWORD, code })
    const unknownNoCode = await call(server, 'admin.auth.signIn', { email: 'nessuno@artigianimilano.it', password: PASSWORD })
    for (const answer of [wrongPassword, unknown, unknownNoCode]) {
      expect({ status: answer.status, cookie: answer.cookie, message: message(answer) }).toEqual({ status: 401, cookie: null, message: INVALID_CREDENTIALS })
    }
    expect(sql(server, 'select id from admin_sessions')).toHaveLength(sessions)
  })

  it('refuses a wrong code, a replayed code and an older code; a code raced in parallel opens one session', async () => {
    const wrong = await call(server, 'admin.auth.signIn', { email, password: PASSWORD, code: '000000' })
    expect({ status: wrong.status, cookie: wrong.cookie, message: message(wrong) }).toEqual({ status: 401, cookie: null, message: INVALID_CODE })

    const step = currentStep()
    markTotpStepUsed(email, step + 1)
    const first = await call(server, 'admin.auth.signIn', { email, password: PASSWORD, code: totpCode(secret, step) })
    expect(first.status).toBe(200)
    expect(first.cookie).toBeTruthy()
    const replayed = await call(server, 'admin.auth.signIn', { email, password: PASSWORD, code: totpCode(secret, step) })
    const older = await call(server, 'admin.auth.signIn', { email, password: PASSWORD, code: totpCode(secret, step - 1) })
    for (const answer of [replayed, older])
      expect({ status: answer.status, cookie: answer.cookie, message: message(answer) }).toEqual({ status: 401, cookie: null, message: INVALID_CODE })

    const sessions = sql(server, 'select id from admin_sessions').length
    const raced = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(server, 'admin.auth.signIn', { email, password: PASSWORD, code: totpCode(secret, step + 1) }, { from: '127.0.0.50' }),
      ),
    )
    expect(raced.map((answer) => answer.status).sort()).toEqual([200, 401, 401, 401, 401])
    expect(sql(server, 'select id from admin_sessions')).toHaveLength(sessions + 1)
  })

  it('is enrolled at the first sign-in of an account without one, before any session exists, with 10 recovery codes that work once', async () => {
    const fresh = 'nuovo@artigianimilano.it'
    await createAdmin(server.databasePath, fresh, PASSWORD, { totpSecret: null })
    const started = await call(server, 'admin.auth.signIn', { email: fresh, password: PASSWORD, code: '123456' })
    expect(started).toMatchObject({ status: 200, cookie: null })
    const enrolment = data(started) as { status: string; token: string; secret: string; qrSvg: string }
    expect(enrolment.status).toBe('enrolment-required')
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/)
    expect(enrolment.qrSvg).not.toMatch(/<script|on\w+=/i)
    expect(sql(server, 'select 1 from admin_sessions join admin_users on admin_users.id = user_id where email = ?', fresh)).toEqual([])
    expect(admin(server, fresh).totp_secret).toBeNull()

    const wrong = await call(server, 'admin.auth.confirmEnrolment', { token: enrolment.token, code: '000000' })
    const otherSecret = await call(server, 'admin.auth.confirmEnrolment', { token: enrolment.token, code: totpCode(totpSecretFor('altro'), currentStep()) })
    const forged = await call(server, 'admin.auth.confirmEnrolment', { token: 'x'.repeat(43), code: totpCode(enrolment.secret, currentStep()) })
    for (const answer of [wrong, otherSecret])
      expect({ status: answer.status, cookie: answer.cookie, message: message(answer) }).toEqual({ status: 401, cookie: null, message: INVALID_CODE })
    expect({ status: forged.status, cookie: forged.cookie }).toEqual({ status: 400, cookie: null })
    expect(message(forged)).toBe('La configurazione della verifica in due passaggi è scaduta: accedi di nuovo per ricominciare.')

    const step = currentStep()
    const confirmed = await call(server, 'admin.auth.confirmEnrolment', { token: enrolment.token, code: totpCode(enrolment.secret, step) })
    expect(confirmed.status).toBe(200)
    expect(confirmed.cookie).toBeTruthy()
    const { recoveryCodes } = data(confirmed) as { recoveryCodes: string[] }
    expect(recoveryCodes).toHaveLength(10)
    expect(new Set(recoveryCodes).size).toBe(10)
    expect(data(await callQuery(server, 'admin.auth.me', confirmed.cookie!))).toMatchObject({ email: fresh })
    expect(admin(server, fresh).totp_secret).toBe(enrolment.secret)
    const stored = sql<{ code_hash: string }>(server, 'select code_hash from admin_recovery_codes where user_id = ?', admin(server, fresh).id).map(
      (row) => row.code_hash,
    )
    expect(stored).toHaveLength(10)
    for (const code of recoveryCodes) expect(stored.join(' ')).not.toContain(code.replace(/-/g, ''))
    expect(sql(server, "select 1 from audit_log where action = 'second_factor_enrol' and entity_id = ?", admin(server, fresh).id)).toHaveLength(1)
    const again = await call(server, 'admin.auth.confirmEnrolment', { token: enrolment.token, code: totpCode(enrolment.secret, step + 1) })
    expect({ status: again.status, cookie: again.cookie }).toEqual({ status: 400, cookie: null })

    // A recovery code stands in for the TOTP code, typed in any case and with or without dashes, once.
    const [code] = recoveryCodes
    const withRecovery = await call(server, 'admin.auth.signIn', { email: fresh, password: PASSWORD, code: code!.toLowerCase().replace(/-/g, ' ') })
    expect(withRecovery.status).toBe(200)
    expect(withRecovery.cookie).toBeTruthy()
    const reused = await call(server, 'admin.auth.signIn', { email: fresh, password: PASSWORD, code: code! })
    expect({ status: reused.status, cookie: reused.cookie, message: message(reused) }).toEqual({ status: 401, cookie: null, message: INVALID_CODE })
    const another = await call(server, 'admin.auth.signIn', { email: 'totp@artigianimilano.it', password: PASSWORD, code: recoveryCodes[1]! })
    expect(another.status).toBe(401)
    expect(sql(server, 'select 1 from admin_recovery_codes where used_at is not null')).toHaveLength(1)
  })

  it('is enrolled by `npm run admin -- create --totp-secret`: the account signs in with it, the audit log names the command line, the same e-mail again is refused', async () => {
    const scripted = 'da-riga-di-comando@artigianimilano.it'
    expect(await cli(server, 'create', '--email', scripted, '--password', PASSWORD, '--totp-secret', totpSecretFor(scripted))).toEqual({ code: 0, stderr: '' })
    const { cookie } = await signIn(server.url, scripted, PASSWORD)
    expect(data(await callQuery(server, 'admin.auth.me', cookie))).toMatchObject({ email: scripted })
    const { id } = admin(server, scripted)
    expect(sql(server, 'select action, actor_email from audit_log where entity_id = ? order by id', id)).toEqual([
      { action: 'create', actor_email: 'cli' },
      { action: 'second_factor_enrol', actor_email: 'cli' },
    ])
    expect(await cli(server, 'create', '--email', scripted, '--password', "un'altra password 2026")).toEqual({
      code: 1,
      stderr: expect.stringContaining('already exists'),
    })
    expect(sql(server, 'select id from admin_users where email = ?', scripted)).toEqual([{ id }])
  })

  it('is removed by `npm run admin -- reset-2fa`, which ends the sessions; the next sign-in enrols again', async () => {
    const lost = 'telefono-perso@artigianimilano.it'
    await createAdmin(server.databasePath, lost, PASSWORD)
    const { cookie } = await signIn(server.url, lost, PASSWORD)
    expect(data(await callQuery(server, 'admin.auth.me', cookie))).toMatchObject({ email: lost })
    expect(await cli(server, 'reset-2fa', '--email', lost)).toEqual({ code: 0, stderr: '' })
    expect(data(await callQuery(server, 'admin.auth.me', cookie))).toBeNull()
    const { id, totp_secret } = admin(server, lost)
    expect(totp_secret).toBeNull()
    expect(sql(server, 'select 1 from admin_sessions where user_id = ?', id)).toEqual([])
    expect(sql(server, "select 1 from audit_log where action = 'second_factor_reset' and entity_id = ?", id)).toHaveLength(1)
    const next = await call(server, 'admin.auth.signIn', { email: lost, password: PASSWORD, code: await nextTotpCode(lost) })
    expect(next.cookie).toBeNull()
    expect(data(next)).toMatchObject({ status: 'enrolment-required' })
    expect(await cli(server, 'reset-2fa', '--email', 'nessuno@artigianimilano.it')).toEqual({ code: 1, stderr: expect.stringContaining('no administrator') })
  })
})

/** A GET query over node:http with a cookie. */
function callQuery(server: RunningServer, procedure: string, cookie: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: `/trpc/${procedure}`, headers: { cookie }, agent: false }, (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, retryAfter: null, cookie: null, body: JSON.parse(text) as Answer['body'] }))
      })
      .on('error', reject)
  })
}

describe('sessions', () => {
  it('end 30 days after the sign-in however often they are used', async () => {
    const email = 'sessioni@artigianimilano.it'
    await createAdmin(server.databasePath, email, PASSWORD)
    const { cookie } = await signIn(server.url, email, PASSWORD)
    const id = cookie.split('=')[1]!
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString()
    changeRows(server.databasePath, 'update admin_sessions set created_at = ? where id = ?', daysAgo(29), id)
    expect(data(await callQuery(server, 'admin.auth.me', cookie))).toMatchObject({ email })
    // Used every day: its sliding expiry is a week away, yet it began 31 days ago.
    changeRows(
      server.databasePath,
      'update admin_sessions set created_at = ?, expires_at = ? where id = ?',
      daysAgo(31),
      Math.floor(Date.now() / 1000) + 7 * 24 * 60 * 60,
      id,
    )
    expect(data(await callQuery(server, 'admin.auth.me', cookie))).toBeNull()
  })
})

describe('sign-in throttling', () => {
  it('lets the owner in from their usual address while a stranger fails 50 times from others, and only slows down new addresses', async () => {
    const own = await startServer({ LOGIN_MAX_DELAY_SECONDS: '2' })
    try {
      const email = 'titolare@artigianimilano.it'
      await createAdmin(own.databasePath, email, PASSWORD)
      await signIn(own.url, email, PASSWORD)

      const answers: Answer[] = []
      for (let i = 0; i < 50; i++) {
        answers.push(await call(own, 'admin.auth.signIn', { email, password: `tentativo ${i}` }, { from: `127.0.0.${2 + (i % 10)}` }))
      }
      expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(10)
      expect(answers.every((answer) => answer.status === 401 || answer.status === 429)).toBe(true)

      const owner = await call(own, 'admin.auth.signIn', { email, password: PASSWORD, code: await nextTotpCode(email) }, { from: '127.0.0.1' })
      expect(owner.status).toBe(200)
      expect(owner.cookie).toBeTruthy()

      // A new address with the right password waits a little, then gets in: slowed down, never locked out.
      let fromElsewhere = await call(own, 'admin.auth.signIn', { email, password: PASSWORD }, { from: '127.0.0.99' })
      expect(fromElsewhere.status).toBe(429)
      expect(Number(fromElsewhere.retryAfter)).toBeGreaterThanOrEqual(1)
      expect(Number(fromElsewhere.retryAfter)).toBeLessThanOrEqual(2)
      expect(message(fromElsewhere)).toMatch(/^Troppi tentativi non riusciti\. Riprova tra [12] second[oi]\.$/)
      await new Promise((resolve) => setTimeout(resolve, Number(fromElsewhere.retryAfter) * 1000 + 100))
      fromElsewhere = await call(own, 'admin.auth.signIn', { email, password: PASSWORD }, { from: '127.0.0.99' })
      expect(data(fromElsewhere)).toEqual({ status: 'code-required' })
    } finally {
      await own.stop()
    }
  })

  it('counts 30 wrong attempts sent at once exactly like 30 sent one after another', async () => {
    const own = await startServer()
    try {
      await createAdmin(own.databasePath, 'uno@artigianimilano.it', PASSWORD)
      await createAdmin(own.databasePath, 'due@artigianimilano.it', PASSWORD)
      const sequential: number[] = []
      for (let i = 0; i < 30; i++)
        sequential.push((await call(own, 'admin.auth.signIn', { email: 'uno@artigianimilano.it', password: `sbagliata ${i}` }, { from: '127.0.0.3' })).status)
      // Thirty connections opened beforehand, so the thirty attempts reach the server in the same instant.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 30, localAddress: '127.0.0.4' })
      await Promise.all(Array.from({ length: 30 }, () => call(own, 'admin.auth.signOut', {}, { agent })))
      expect(Object.values(agent.freeSockets).flat()).toHaveLength(30)
      const parallel = (
        await Promise.all(
          Array.from({ length: 30 }, (_, i) => call(own, 'admin.auth.signIn', { email: 'due@artigianimilano.it', password: `sbagliata ${i}` }, { agent })),
        )
      ).map((answer) => answer.status)
      expect(sequential).toEqual([...Array(5).fill(401), ...Array(25).fill(429)])
      agent.destroy()
      expect(parallel.sort()).toEqual([...sequential].sort())
      const afterParallel = sql<{ count: number }>(own, 'select count from auth_throttle order by count desc').map((row) => row.count)

      // In one tRPC batch: refused as a whole, or answered like the rest; never more password checks than in turn.
      await createAdmin(own.databasePath, 'tre@artigianimilano.it', PASSWORD)
      for (const [n, from] of [
        [2, '127.0.0.5'],
        [10, '127.0.0.6'],
        [100, '127.0.0.7'],
      ] as const) {
        const input = Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { email: 'tre@artigianimilano.it', password: `sbagliata ${i}` }]))
        const batch = await call(own, `${Array(n).fill('admin.auth.signIn').join(',')}?batch=1`, input, { from })
        const answers = Array.isArray(batch.body) ? (batch.body as Answer['body'][]) : [batch.body]
        const checked = answers.filter((answer) => answer.error?.data?.code === 'UNAUTHORIZED').length
        expect({ n, checked: checked <= Math.min(n, 5) }).toEqual({ n, checked: true })
      }
      // Per address and account, per address: 30 each; per account only the attempts let through to the password check.
      expect(afterParallel).toEqual([30, 30, 30, 30, 5, 5])
    } finally {
      await own.stop()
    }
  })
})

describe('password recovery', () => {
  it('is throttled per e-mail, known or not, and per address, with a 429 in Italian', async () => {
    const email = 'recupero@artigianimilano.it'
    await createAdmin(server.databasePath, email, PASSWORD)
    for (const target of [email, 'sconosciuto@artigianimilano.it']) {
      const answers = []
      for (let i = 0; i < 4; i++) answers.push(await call(server, 'admin.auth.requestPasswordReset', { email: target }, { from: `127.0.0.${60 + i}` }))
      expect(answers.slice(0, 3).map(data)).toEqual([{ ok: true }, { ok: true }, { ok: true }])
      expect(answers[3]!.status).toBe(429)
      expect(Number(answers[3]!.retryAfter)).toBeGreaterThan(0)
      expect(message(answers[3]!)).toMatch(/^Troppe richieste di recupero password\. Riprova tra \d+ minut[oi]\.$/)
    }
    const fromOne = []
    for (let i = 0; i < 11; i++)
      fromOne.push((await call(server, 'admin.auth.requestPasswordReset', { email: `persona${i}@example.com` }, { from: '127.0.0.70' })).status)
    expect(fromOne).toEqual([...Array(10).fill(200), 429])
  })
})
