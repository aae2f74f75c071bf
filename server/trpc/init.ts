import { initTRPC, TRPCError } from '@trpc/server'
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc'
import { ZodError } from 'zod'
import type { DB } from '#db/client.ts'
import type { FieldIssue } from '#shared/request-messages.ts'
import { databaseFault, INTERNAL_ERROR_MESSAGE, RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from '../faults.ts'
import { type Env, nodeEnv } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { Directory } from '../profiles/directory.ts'

/** What every procedure sees: the database, the settings and who is asking. */
export type Context = {
  db: DB
  env: Env
  logger: Logger
  /** The client's address, from the socket or, behind a trusted proxy, X-Forwarded-For. */
  ip: string
  userAgent: string
  /** The incoming request's headers (cookies, origin); null when called during server rendering. */
  headers: Headers | null
  /** Headers to add to the response (Set-Cookie). */
  responseHeaders: Headers
  /** The signed-in administrator, resolved from the session cookie; null for everyone else. */
  user: SessionUser | null
  /** The signed-in craftsman of the area (/artigiano), from their own session cookie; null for everyone else. */
  artisan: SessionArtisan | null
  /** This process's published craftsmen, for the landing pages' blocks (server/profiles/directory.ts). */
  directory: Directory
}

export type SessionUser = { id: string; email: string; sessionId: string }
export type SessionArtisan = { id: number; email: string; sessionId: string }

/** The field issues a procedure raised past its schema (the captcha, the proof of work, a file's content). */
class FieldIssues extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super(issues[0]?.message)
  }
}

/** Refuses one field of the input as the schema would: a readable message, and the issue as data for the form. */
export function fieldError(path: FieldIssue['path'], message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new FieldIssues([{ path, message }]) })
}

/** The field issues behind an error: the schema's (input validation) or a procedure's own (fieldError). */
function fieldIssuesOf(error: TRPCError): FieldIssue[] | undefined {
  if (error.cause instanceof FieldIssues) return error.cause.issues
  if (error.cause instanceof ZodError) {
    return error.cause.issues.map((issue) => ({ path: issue.path.map((key) => (typeof key === 'number' ? key : String(key))), message: issue.message }))
  }
  return undefined
}

const t = initTRPC.context<Context>().create({
  isDev: nodeEnv() === 'development',
  // Answers carry no stack and none of our own error text: the server logs those (app.ts, onError). Invalid input
  // answers with its first message, readable as it is, and every field's message as data (create-t3-app's way).
  errorFormatter({ shape, error, ctx }) {
    const { stack: _, ...data } = shape.data
    const fieldErrors = fieldIssuesOf(error)
    if (fieldErrors?.length) return { ...shape, message: fieldErrors[0]!.message, data: { ...data, fieldErrors } }
    if (databaseFault(error)) {
      ctx?.responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS))
      return {
        ...shape,
        message: UNAVAILABLE_MESSAGE,
        code: TRPC_ERROR_CODES_BY_KEY.SERVICE_UNAVAILABLE,
        data: { ...data, code: 'SERVICE_UNAVAILABLE' as const, httpStatus: 503 },
      }
    }
    if (error.code === 'INTERNAL_SERVER_ERROR') return { ...shape, message: INTERNAL_ERROR_MESSAGE, data }
    return { ...shape, data }
  },
})

/**
 * What a procedure throws reaches callers (HTTP and server rendering alike) without our own error text: a database that
 * cannot take writes becomes SERVICE_UNAVAILABLE, anything unexpected a generic message; the original stays the cause.
 */
const publicErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (result.ok) return result
  if (databaseFault(result.error)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause: result.error })
  if (result.error.code === 'INTERNAL_SERVER_ERROR') {
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE, cause: result.error.cause ?? result.error })
  }
  return result
})
const procedure = t.procedure.use(publicErrors)

export const router = t.router
export const publicProcedure = procedure
/** Every back-office procedure: answers UNAUTHORIZED without a valid session, and guarantees ctx.user. */
export const adminProcedure = procedure.use(async ({ ctx, next, type }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Accesso riservato agli amministratori.' })
  const result = await next({ ctx: { ...ctx, user: ctx.user } })
  // A change the public pages show (a profile, a photo, a review) reaches this process's pages before the answer:
  // one read of the public version when nothing moved (docs/decisions/052-public-pages-follow-a-version.md).
  if (type === 'mutation' && result.ok) await ctx.directory.refresh()
  return result
})
/**
 * Every procedure of the craftsmen's area: answers UNAUTHORIZED without a valid area session, and guarantees ctx.artisan.
 * An administrator's session is not one: the two live in different cookies and tables.
 */
export const artisanProcedure = procedure.use(async ({ ctx, next, type }) => {
  if (!ctx.artisan) throw new TRPCError({ code: 'UNAUTHORIZED', message: "Accedi all'area artigiani per continuare." })
  const result = await next({ ctx: { ...ctx, artisan: ctx.artisan } })
  if (type === 'mutation' && result.ok) await ctx.directory.refresh()
  return result
})
export const createCallerFactory = t.createCallerFactory
export const middleware = t.middleware
