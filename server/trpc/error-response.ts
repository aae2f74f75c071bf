import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc'

/**
 * An error answered before or around the procedures (a refused body, a cross-site call, a fault), in tRPC's own
 * envelope: the browser's client reads its Italian message and its code as it reads a procedure's.
 */
export function procedureErrorResponse(status: number, code: TRPC_ERROR_CODE_KEY, message: string, headers: Record<string, string> = {}): Response {
  return Response.json(
    { error: { message, code: TRPC_ERROR_CODES_BY_KEY[code], data: { code, httpStatus: status } } },
    { status, headers: { 'Cache-Control': 'no-store', ...headers } },
  )
}
