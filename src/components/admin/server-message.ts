import { TRPCClientError } from '@trpc/client'

/**
 * The Italian message a procedure answered with, for a toast; validation failures carry the first
 * field message, and unexpected errors fall back to the screen's own message.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof TRPCClientError)) return fallback
  const code = (error.data as { code?: string } | undefined)?.code
  if (!code || code === 'INTERNAL_SERVER_ERROR') return fallback
  try {
    const issues = JSON.parse(error.message) as Array<{ message?: string }>
    return issues[0]?.message ?? fallback
  } catch {
    return error.message || fallback
  }
}
