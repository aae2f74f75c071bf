import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { CAPTCHA_WRONG_TITLE, PROOF_OF_WORK_TITLE } from '#shared/schemas/common.ts'

type Issue = { path: (string | number)[]; message: string }

/** What a failed submission means for the form: field messages, a captcha (addition or proof of work) to redo, or a message for a toast. */
export type SubmitFailure =
  | { kind: 'fields'; issues: Issue[] }
  | { kind: 'captcha'; title: string; message: string }
  | { kind: 'other'; message: string | null }

function issuesOf(message: string): Issue[] | null {
  if (!message.startsWith('[')) return null
  try {
    const parsed = JSON.parse(message) as unknown
    if (!Array.isArray(parsed)) return null
    return parsed.filter((i): i is Issue => typeof i?.message === 'string' && Array.isArray(i?.path))
  } catch {
    return null
  }
}

/** Reads a tRPC error: the server answers invalid input with the schema's issues, each with its field path. */
export function readSubmitFailure(error: unknown): SubmitFailure {
  const message = error instanceof Error ? error.message : ''
  const code = (error as { data?: { code?: string } } | null)?.data?.code
  if (code === 'BAD_REQUEST') {
    const issues = issuesOf(message)
    if (issues?.length) {
      const captcha = issues.find((i) => i.path[0] === 'captchaToken' || i.path[0] === 'captchaAnswer')
      if (captcha) return { kind: 'captcha', title: CAPTCHA_WRONG_TITLE, message: captcha.message }
      const proofOfWork = issues.find((i) => i.path[0] === 'proofOfWork')
      if (proofOfWork) return { kind: 'captcha', title: PROOF_OF_WORK_TITLE, message: proofOfWork.message }
      return { kind: 'fields', issues }
    }
  }
  // Only our own Italian messages are shown (503: nothing was stored, retry later); network and server failures get the generic text.
  if (code === 'BAD_REQUEST' || code === 'TOO_MANY_REQUESTS' || code === 'FORBIDDEN' || code === 'SERVICE_UNAVAILABLE') return { kind: 'other', message }
  return { kind: 'other', message: null }
}

/** Puts each issue under its field; returns the issues that have no field on this form. */
export function showFieldIssues<T extends FieldValues>(issues: Issue[], fields: readonly string[], setError: UseFormSetError<T>): Issue[] {
  const rest: Issue[] = []
  let focused = false
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '')
    if (fields.includes(field)) {
      setError(field as Path<T>, { type: 'server', message: issue.message }, { shouldFocus: !focused })
      focused = true
    } else {
      rest.push(issue)
    }
  }
  return rest
}
