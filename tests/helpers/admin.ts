import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client'
import type { AppRouter } from '../../server/trpc/router.ts'

const run = promisify(execFile)
const root = path.resolve(import.meta.dirname, '../..')

/** Creates an administrator in that database file by running `npm run admin -- create` (the same script). */
export async function createAdmin(databasePath: string, email: string, password: string): Promise<void> {
  await run(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'create', '--email', email, '--password', password], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_PATH: databasePath, LOG_LEVEL: 'silent' },
  })
}

/** A tRPC client that sends the given cookie (if any) and the header our CSRF check asks for. */
export function trpcClient(serverUrl: string, cookie?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${serverUrl}/trpc`, headers: () => ({ 'x-trpc-source': 'test', ...(cookie ? { cookie } : {}) }) })],
  })
}

export type AdminClient = ReturnType<typeof trpcClient>

/** Signs in over HTTP and returns the session cookie with a client that sends it. */
export async function signIn(serverUrl: string, email: string, password: string): Promise<{ cookie: string; trpc: AdminClient }> {
  const response = await fetch(`${serverUrl}/trpc/admin.auth.signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-trpc-source': 'test' },
    body: JSON.stringify({ email, password }),
  })
  if (!response.ok) throw new Error(`sign-in failed with ${response.status}: ${await response.text()}`)
  const setCookie = response.headers.getSetCookie().find((c) => /^(__Host-)?session=/.test(c))
  if (!setCookie) throw new Error('sign-in answered without a session cookie')
  const cookie = setCookie.split(';')[0]!
  return { cookie, trpc: trpcClient(serverUrl, cookie) }
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
