import { Fragment, type ReactNode } from 'react'
import type { AnswerLine } from '#shared/catalog/questions.ts'

/** What a mail about a lead carries of its questionnaire, in the catalogue's words; absent from mails queued before it. */
export type AnswerProps = {
  /** The answers to the service's questions, in the catalogue's order (answerLines). */
  answers?: AnswerLine[]
  /** "Quando?" in words, or null when the requester did not say. */
  timing?: string | null
}

/**
 * The rows "Risposte" (a "Domanda: risposta" line each, lines the plain-text part keeps too) and "Quando" of a mail's
 * details table, when there is something to show.
 */
export function answerRows({ answers, timing }: AnswerProps): [string, ReactNode][] {
  const rows: [string, ReactNode][] = []
  if (answers?.length) {
    rows.push([
      'Risposte',
      answers.map(({ question, answer }, i) => (
        <Fragment key={question}>
          {i > 0 && <br />}
          {`${question}: ${answer}`}
        </Fragment>
      )),
    ])
  }
  if (timing) rows.push(['Quando', timing])
  return rows
}
