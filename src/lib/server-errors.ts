import { CAPTCHA_WRONG_TITLE, type FieldIssue, PROOF_OF_WORK_TITLE } from '#shared/request-messages.ts'
import { toast } from './toast.ts'

/** A tRPC error as the browser's client receives it: the Italian message, and the code and field issues as data. */
function readServerError(error: unknown): { code: string | undefined; message: string; fieldErrors: FieldIssue[] } {
  const data = (error as { data?: { code?: string; fieldErrors?: FieldIssue[] } } | null)?.data
  return { code: data?.code, message: error instanceof Error ? error.message : '', fieldErrors: data?.fieldErrors ?? [] }
}

/** The field issues a procedure answered with (each field's message by its path in the input); none for any other error. */
export const fieldIssuesOf = (error: unknown): FieldIssue[] => readServerError(error).fieldErrors

/** The Italian message a procedure answered with, for a toast; network and unexpected errors fall back to the screen's own message. */
export function serverMessage(error: unknown, fallback: string): string {
  const { code, message } = readServerError(error)
  if (!code || code === 'INTERNAL_SERVER_ERROR') return fallback
  return message || fallback
}

/** An `onError` that says in a toast what failed: `title`, with the server's message or else `fallback`. */
export function toastServerError(title: string, fallback: string) {
  return (error: unknown) => toast({ title, description: serverMessage(error, fallback), variant: 'destructive' })
}

/** What a failed submission means for a public form: field messages, a captcha or its proof of work to redo, or a message for a toast. */
type SubmitFailure = { kind: 'fields'; issues: FieldIssue[] } | { kind: 'captcha'; title: string; message: string } | { kind: 'other'; message: string | null }

/** Reads a public form's failure: invalid input comes with each field's message, the captcha's own first. */
export function readSubmitFailure(error: unknown): SubmitFailure {
  const { code, message, fieldErrors } = readServerError(error)
  if (code === 'BAD_REQUEST' && fieldErrors.length) {
    const captcha = fieldErrors.find((i) => i.path[0] === 'captchaToken' || i.path[0] === 'captchaAnswer')
    if (captcha) return { kind: 'captcha', title: CAPTCHA_WRONG_TITLE, message: captcha.message }
    const proofOfWork = fieldErrors.find((i) => i.path[0] === 'proofOfWork')
    if (proofOfWork) return { kind: 'captcha', title: PROOF_OF_WORK_TITLE, message: proofOfWork.message }
    return { kind: 'fields', issues: fieldErrors }
  }
  // Only our own Italian messages are shown (503: nothing was stored, retry later); network and server failures get the generic text.
  if (code === 'BAD_REQUEST' || code === 'TOO_MANY_REQUESTS' || code === 'FORBIDDEN' || code === 'SERVICE_UNAVAILABLE') return { kind: 'other', message }
  return { kind: 'other', message: null }
}
