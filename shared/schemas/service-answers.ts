import { z } from 'zod'
import {
  MAX_ANSWER_LENGTH,
  MAX_QUESTIONS,
  SERVICE_QUESTIONS,
  type ServiceQuestion,
  type StoredAnswers,
  questionsOf,
  type Timing,
  TIMINGS,
} from '../catalog/questions.ts'
import { italianNumber } from '../plural.ts'

// The answers to a service's questions (shared/catalog/questions.ts) as the quote form sends them, checked against the
// chosen service by the form and by the server alike (docs/product.md §5).

export const ANSWER_NOT_FOR_SERVICE = 'Alcune risposte non riguardano il servizio scelto: ricarica la pagina e rispondi di nuovo alle domande.'
export const ANSWER_NOT_AN_OPTION = 'Scegli una delle risposte proposte.'
export const ANSWER_NOT_A_NUMBER = 'Inserisci un numero intero.'
export const ANSWER_REQUIRED = 'Rispondi a questa domanda.'
export const TIMING_INVALID = 'Scegli quando ti serve il lavoro tra le risposte proposte.'
export const numberOutOfRange = (min: number, max: number) => `Inserisci un numero da ${italianNumber.format(min)} a ${italianNumber.format(max)}.`

type Answer = string | number | null | undefined

/** A question's id as the catalogue spells them; anything else (`__proto__` included) names no question of any service. */
const QUESTION_ID = /^[a-z0-9-]{1,40}$/
const WHOLE_NUMBER = /^-?\d{1,12}$/

/**
 * Question id -> answer: an option's id, or a number (a number input's text, or a number), or empty for a question left
 * unanswered. Which ids and values fit is the service's to say (answersFitService).
 */
export const answersField = z
  // At most as many answers as a service has questions, each under a question's spelling, checked before any is read
  // (zod's record would drop an own "__proto__" key silently instead of refusing it).
  .custom<Record<string, Answer>>((value) => isRecord(value) && hasQuestionKeys(value), { error: ANSWER_NOT_FOR_SERVICE })
  .pipe(
    z.record(
      z.string().regex(QUESTION_ID, ANSWER_NOT_FOR_SERVICE),
      z.union([z.string().trim().max(MAX_ANSWER_LENGTH, { error: ANSWER_NOT_AN_OPTION, abort: true }), z.number(), z.null()], { error: ANSWER_NOT_AN_OPTION }),
      { error: ANSWER_NOT_FOR_SERVICE },
    ),
  )
  .default({})

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function hasQuestionKeys(value: Record<string, unknown>): boolean {
  const keys = Object.keys(value)
  return keys.length <= MAX_QUESTIONS && keys.every((key) => QUESTION_ID.test(key))
}

/** "Quando?": one of TIMINGS, or nothing. */
export const timingField = z
  // Empty is a radio group left unchecked.
  .enum([...TIMINGS, ''], { error: TIMING_INVALID })
  .nullable()
  .default(null)
  .transform((timing): Timing | null => timing || null)

type Read = { ok: true; value: string | number | null } | { ok: false; message: string }

/** One answer against its question: the option's id or the whole number it names, null when left empty. */
function readAnswer(question: ServiceQuestion, raw: Answer): Read {
  const answer = typeof raw === 'string' ? raw.trim() : raw
  if (answer === null || answer === undefined || answer === '') return { ok: true, value: null }
  if (question.kind === 'choice') {
    return typeof answer === 'string' && question.options.some((option) => option.id === answer)
      ? { ok: true, value: answer }
      : { ok: false, message: ANSWER_NOT_AN_OPTION }
  }
  const value = typeof answer === 'number' ? answer : WHOLE_NUMBER.test(answer) ? Number(answer) : Number.NaN
  if (!Number.isInteger(value)) return { ok: false, message: ANSWER_NOT_A_NUMBER }
  if (value < question.min || value > question.max) return { ok: false, message: numberOutOfRange(question.min, question.max) }
  return { ok: true, value }
}

type WithAnswers = { serviceId: string; answers: Record<string, Answer> }

/**
 * The object-level check of the quote schemas: every answer belongs to one of the chosen service's questions and fits
 * it, and the service's required question is answered. Each issue sits under its question (answers.{id}).
 */
export function answersFitService(value: WithAnswers, ctx: z.RefinementCtx) {
  // An unknown service has its own message (quote-request.ts); its answers cannot be judged.
  if (value.serviceId !== 'altro' && !Object.hasOwn(SERVICE_QUESTIONS, value.serviceId)) return
  const questions = questionsOf(value.serviceId)
  const answers = value.answers ?? {}
  const ids = new Set(questions.map((question) => question.id))
  const stranger = Object.keys(answers).find((id) => !ids.has(id))
  if (stranger !== undefined) {
    // A service changed after answering, or a hand-made request: one message for the form as a whole.
    ctx.addIssue({ code: 'custom', path: ['answers'], message: ANSWER_NOT_FOR_SERVICE })
    return
  }
  for (const question of questions) {
    const read = readAnswer(question, Object.hasOwn(answers, question.id) ? answers[question.id] : undefined)
    if (!read.ok) ctx.addIssue({ code: 'custom', path: ['answers', question.id], message: read.message })
    else if (read.value === null && question.required) ctx.addIssue({ code: 'custom', path: ['answers', question.id], message: ANSWER_REQUIRED })
  }
}

/** The checked answers as leads.answers keeps them: the answered questions in the catalogue's order; null when none. */
export function storedAnswersOf(serviceId: string, answers: Record<string, Answer>): StoredAnswers | null {
  const stored: StoredAnswers = {}
  for (const question of questionsOf(serviceId)) {
    const read = readAnswer(question, Object.hasOwn(answers, question.id) ? answers[question.id] : undefined)
    if (read.ok && read.value !== null) stored[question.id] = read.value
  }
  return Object.keys(stored).length ? stored : null
}
