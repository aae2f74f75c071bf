import { type AnswerLine, answersText } from '#shared/catalog/questions.ts'

/** What a mail about a lead carries of its questionnaire, in the catalogue's words; absent from mails queued before it. */
export type AnswerProps = {
  /** The answers to the service's questions ("Domanda: risposta"), from questionnaireLines' first part. */
  answers?: AnswerLine[]
  /** "Quando?" in words, or null when the requester did not say. */
  timing?: string | null
}

/** The rows "Risposte" (a "Domanda: risposta" line each) and "Quando" of a mail's details table, when there is something to show. */
export function answerRows({ answers, timing }: AnswerProps): [string, string][] {
  return [...(answers?.length ? ([['Risposte', answersText(answers)]] as [string, string][]) : []), ...(timing ? ([['Quando', timing]] as [string, string][]) : [])]
}
