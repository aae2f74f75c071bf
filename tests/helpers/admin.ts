import { createHash } from 'node:crypto'
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client'
import { Secret, TOTP } from 'otpauth'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { hashPassword } from '#server/auth/password.ts'
import { createAdministrator } from '#server/repositories/administrators.ts'
import type { AppRouter } from '#server/trpc/router.ts'
import { openTestDatabase } from './app-database.ts'
import { readRows, type TestDatabase } from './database.ts'
import { type StartSite, spawnedSite, type TestSite } from './site.ts'
import type { RunningServer } from './server.ts'
import { mailEnv, type RunningSes, startSes } from './ses.ts'

/** An administrator's credentials, as a test creates and signs in with them. */
export type AdminAccount = { email: string; password: string }

/**
 * A server of its own (startServer, or the app in process with `start` startApp) with one administrator in its
 * database, whose second factor is totpSecretFor(email): what every back-office test file starts from.
 */
export async function startServerWithAdmin<S extends TestSite = RunningServer>(
  admin: AdminAccount,
  env: Record<string, string> = {},
  start: StartSite<S> = spawnedSite(),
): Promise<S> {
  const server = await start(env)
  await createAdmin(server.databasePath, admin.email, admin.password)
  return server
}

/** startServerWithAdmin, and that administrator signed in. */
export async function startSignedIn<S extends TestSite = RunningServer>(
  admin: AdminAccount,
  env: Record<string, string> = {},
  start: StartSite<S> = spawnedSite(),
): Promise<SignedIn<S>> {
  const server = await startServerWithAdmin(admin, env, start)
  try {
    return { server, ...(await signIn(server.url, admin.email, admin.password)) }
  } catch (error) {
    // Say whether the account was there, and leave no server running behind a file that could not start.
    const accounts = readRows<{ email: string }>(server.databasePath, 'select email from admin_users').map((row) => row.email)
    await server.stop()
    throw new Error(`${(error as Error).message} (administrators in the database: ${JSON.stringify(accounts)})`)
  }
}

export type SignedIn<S extends TestSite = RunningServer> = { server: S; cookie: string; trpc: AdminClient }

/**
 * startSignedIn before the file's tests and the server stopped after them: the server, the session cookie and a client
 * that sends it, filled in before the first test runs. `start` is startApp for a file about behaviour, not the process.
 */
export function serveSignedIn<S extends TestSite = RunningServer>(
  admin: AdminAccount,
  env: Record<string, string> = {},
  start: StartSite<S> = spawnedSite(),
): SignedIn<S> {
  const signedIn = {} as SignedIn<S>
  beforeAll(async () => {
    Object.assign(signedIn, await startSignedIn(admin, env, start))
  })
  afterAll(async () => {
    await signedIn.server?.stop()
  })
  return signedIn
}

/** serveSignedIn with the server's mail sent to an SES emulator of the file's own, started before it and stopped after it. */
export function serveSignedInWithMail<S extends TestSite = RunningServer>(
  admin: AdminAccount,
  env: Record<string, string> = {},
  start: StartSite<S> = spawnedSite(),
): SignedIn<S> & { ses: RunningSes } {
  const signedIn = {} as SignedIn<S> & { ses: RunningSes }
  beforeAll(async () => {
    signedIn.ses = await startSes()
    Object.assign(signedIn, await startSignedIn(admin, { ...mailEnv(signedIn.ses), ...env }, start))
  })
  afterAll(async () => {
    await signedIn.server?.stop()
    await signedIn.ses?.stop()
  })
  return signedIn
}

/** The TOTP secret the tests enrol for an e-mail: derived from it, so a test needs nothing else to compute codes. */
export function totpSecretFor(email: string): string {
  return new Secret({ buffer: Uint8Array.from(createHash('sha256').update(email.trim().toLowerCase()).digest().subarray(0, 20)).buffer }).base32
}

const totp = (secret: string) => new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) })

/** The code of one 30-second time step. */
export const totpCode = (secret: string, step: number) => totp(secret).generate({ timestamp: step * 30_000 })
export const currentStep = () => Math.floor(Date.now() / 30_000)

/**
 * Creates an administrator in that database (a SQLite file or a PostgreSQL URL) as `npm run admin -- create` does, through
 * the same repository function and password hash, in the test's own process: the command itself, its checks and its
 * refusals are tests/security/admin-auth.test.ts's. The second factor of totpSecretFor(email) is enrolled unless
 * `totpSecret` is null (the first sign-in then enrols one).
 */
export async function createAdmin(
  database: TestDatabase,
  email: string,
  password: string,
  { totpSecret = totpSecretFor(email) }: { totpSecret?: string | null } = {},
): Promise<void> {
  const db = openTestDatabase(database)
  try {
    await createAdministrator(db, email, await hashPassword(password), totpSecret)
  } finally {
    await db.destroy()
  }
  lastSteps.delete(email.trim().toLowerCase())
}

/**
 * The last TOTP step used per e-mail. Kept by e-mail rather than by server, since a restarted server (new port) keeps
 * its database; createAdmin forgets it, since a new account has used no code.
 */
const lastSteps = new Map<string, number>()

/**
 * A TOTP code the server has not seen for that account: the first step of now-1..now+1 newer than the last one used,
 * waiting for the next period only when all three are spent (each code works once). The previous period's code is
 * used only while more than 10 seconds of this one remain: it stops working when this period ends, and a slow
 * sign-in (a busy machine, a password hash) must still reach the server in time.
 */
export async function nextTotpCode(email: string, secret = totpSecretFor(email)): Promise<string> {
  const key = email.trim().toLowerCase()
  for (;;) {
    const now = currentStep()
    const last = lastSteps.get(key) ?? -Infinity
    const previousStillSafe = 30_000 - (Date.now() % 30_000) > 10_000
    const candidates = previousStillSafe ? [now - 1, now, now + 1] : [now, now + 1]
    const step = candidates.find((candidate) => candidate > last)
    if (step !== undefined) {
      lastSteps.set(key, step)
      return totpCode(secret, step)
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 50))
  }
}

/** Tells the helper a step was spent outside nextTotpCode (a test that sent its own code). */
export function markTotpStepUsed(email: string, step: number) {
  const key = email.trim().toLowerCase()
  lastSteps.set(key, Math.max(step, lastSteps.get(key) ?? -Infinity))
}

/** A tRPC client that sends the given cookie (if any) and the header our CSRF check asks for. */
export function trpcClient(serverUrl: string, cookie?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${serverUrl}/trpc`, headers: () => ({ 'x-trpc-source': 'test', ...(cookie ? { cookie } : {}) }) })],
  })
}

export type AdminClient = ReturnType<typeof trpcClient>

/** Signs in over HTTP with the password and the next unused TOTP code; returns the session cookie with a client that sends it. */
export async function signIn(serverUrl: string, email: string, password: string): Promise<{ cookie: string; trpc: AdminClient }> {
  const code = await nextTotpCode(email)
  const response = await fetch(`${serverUrl}/trpc/admin.auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
    body: JSON.stringify({ email, password, code }),
  })
  if (!response.ok) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`)
  const setCookie = response.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c))
  if (!setCookie) throw new Error(`sign-in answered without a session cookie: ${await response.text()}`)
  const cookie = setCookie.split(';')[0]!
  return { cookie, trpc: trpcClient(serverUrl, cookie) }
}

/** Signs in through the page's form: e-mail and password, then the next unused TOTP code on the second step. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Accedi' }).click()
  await page.getByLabel('Codice di verifica').fill(await nextTotpCode(email))
  await page.getByRole('button', { name: 'Verifica e Accedi' }).click()
}

/** The tRPC error code of a failed call, e.g. 'UNAUTHORIZED'. */
export async function errorOf(call: Promise<unknown>): Promise<{ code: string; message: string; status: number }> {
  try {
    await call
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code: string; httpStatus: number } | undefined
      return { code: data?.code ?? 'UNKNOWN', message: error.message, status: data?.httpStatus ?? 0 }
    }
    throw error
  }
  throw new Error('the call succeeded but an error was expected')
}
