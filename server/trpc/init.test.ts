import { TRPCError } from '@trpc/server'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import SQLite from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE } from '../faults.ts'
import { type Context, createCallerFactory, fieldError, publicProcedure, router } from './init.ts'

const internals = 'SqliteError: no such column: secret in "select secret from admin_users" at /work/main/server/x.ts:12:3'

const testRouter = router({
  bug: publicProcedure.mutation(() => {
    throw new Error(internals)
  }),
  noSpace: publicProcedure.mutation(() => {
    throw new SQLite.SqliteError('database or disk is full', 'SQLITE_FULL')
  }),
  busy: publicProcedure.mutation(async () => {
    throw new Error('group commit failed', { cause: new SQLite.SqliteError('database is locked', 'SQLITE_BUSY') })
  }),
  refused: publicProcedure.mutation(() => {
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: 'Troppe richieste. Riprova tra qualche minuto.' })
  }),
  typed: publicProcedure
    .input(z.object({ name: z.string().min(1, 'Il nome è obbligatorio.'), email: z.email("Inserisci un'email valida.") }))
    .mutation(() => 'ok'),
  wrongAnswer: publicProcedure.mutation(() => {
    throw fieldError(['captchaAnswer'], "Per favore, risolvi correttamente l'addizione.")
  }),
})

async function call(path: string, input: unknown = {}) {
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(`http://localhost/trpc/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) }),
    router: testRouter,
    createContext: ({ resHeaders }) => ({ responseHeaders: resHeaders }) as unknown as Context,
  })
  const body = await response.text()
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body,
    error: (JSON.parse(body) as { error: { message: string; data: Record<string, unknown> } }).error,
  }
}

/** The data of a 400 that refused these fields of the procedure at `path`. */
const refusedFields = (path: string, fieldErrors: { path: string[]; message: string }[]) => ({ code: 'BAD_REQUEST', httpStatus: 400, path, fieldErrors })

describe('tRPC error answers', () => {
  it('an unexpected error answers 500 with the generic Italian message, no stack and none of its text', async () => {
    const answer = await call('bug')
    expect(answer.status).toBe(500)
    expect(answer.error.message).toBe(INTERNAL_ERROR_MESSAGE)
    expect(answer.error.data).toEqual({ code: 'INTERNAL_SERVER_ERROR', httpStatus: 500, path: 'bug' })
    expect(answer.body).not.toMatch(/sqlite|select|\/work\/|\.ts:/i)
  })

  it('a database that cannot take writes answers 503 with the Italian message and Retry-After, also when the fault is a cause', async () => {
    for (const path of ['noSpace', 'busy']) {
      const answer = await call(path)
      expect(answer.status).toBe(503)
      expect(answer.retryAfter).toMatch(/^\d+$/)
      expect(answer.error.message).toBe(UNAVAILABLE_MESSAGE)
      expect(answer.error.data).toEqual({ code: 'SERVICE_UNAVAILABLE', httpStatus: 503, path })
      expect(answer.body).not.toMatch(/disk|locked|sqlite/i)
    }
  })

  it('our own messages pass unchanged; invalid input answers with its first message, and every field as data', async () => {
    const refused = await call('refused')
    expect(refused).toMatchObject({ status: 429, error: { message: 'Troppe richieste. Riprova tra qualche minuto.' } })
    expect(refused.error.data).not.toHaveProperty('fieldErrors')
    const invalid = await call('typed', { name: '', email: 'mario@' })
    expect(invalid.status).toBe(400)
    expect(invalid.error.message).toBe('Il nome è obbligatorio.')
    expect(invalid.error.data).toEqual(
      refusedFields('typed', [
        { path: ['name'], message: 'Il nome è obbligatorio.' },
        { path: ['email'], message: "Inserisci un'email valida." },
      ]),
    )
    for (const answer of [refused, invalid]) expect(answer.error.data).not.toHaveProperty('stack')
  })

  it('a field a procedure refuses itself answers like invalid input', async () => {
    const answer = await call('wrongAnswer')
    expect(answer.status).toBe(400)
    expect(answer.error.message).toBe("Per favore, risolvi correttamente l'addizione.")
    expect(answer.error.data).toEqual(refusedFields('wrongAnswer', [{ path: ['captchaAnswer'], message: "Per favore, risolvi correttamente l'addizione." }]))
  })

  it('a server-side caller gets the same messages, with the original error kept as the cause for the log', async () => {
    const caller = createCallerFactory(testRouter)({} as Context)
    await expect(caller.bug()).rejects.toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE, cause: { message: internals } })
    await expect(caller.noSpace()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE })
  })
})
