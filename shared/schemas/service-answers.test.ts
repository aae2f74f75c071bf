import { describe, expect, it } from 'vitest'
import { answerLines, MAX_QUESTIONS, questionnaireLines, questionsOf, SERVICE_QUESTIONS, services, TIMINGS, type ServiceQuestion } from '../catalog/index.ts'
import { quoteFormSchema, quoteRequestSchema } from './quote-request.ts'
import {
  ANSWER_NOT_A_NUMBER,
  ANSWER_NOT_AN_OPTION,
  ANSWER_NOT_FOR_SERVICE,
  ANSWER_REQUIRED,
  numberOutOfRange,
  storedAnswersOf,
  TIMING_INVALID,
} from './service-answers.ts'

const valid = {
  fullName: 'Mario Rossi',
  email: 'mario.rossi@example.com',
  phone: '+39 333 123 4567',
  serviceId: 'imbianchino',
  description: 'Due stanze.',
  street: 'Via Roma 1',
  comuneSlug: 'milano',
  captchaToken: 'token',
  captchaAnswer: '12',
  proofOfWork: 'work',
}

/** A full answer to every question: the first option, or the largest number allowed. */
function fullAnswers(questions: readonly ServiceQuestion[]): Record<string, string> {
  return Object.fromEntries(questions.map((question) => [question.id, question.kind === 'choice' ? question.options[0]!.id : String(question.max)]))
}

/** The messages of a refused input, by path. */
function refusal(input: Record<string, unknown>) {
  const result = quoteRequestSchema.safeParse({ ...valid, ...input })
  expect(result.success).toBe(false)
  return result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])
}

describe('the questions of the service catalogue', () => {
  it('asks every service 2 to 5 questions, at most one of them required, and nothing of Altro', () => {
    expect(Object.keys(SERVICE_QUESTIONS).sort()).toEqual(services.map((service) => service.id).sort())
    for (const service of services) {
      const questions = questionsOf(service.id)
      expect(questions.length, service.id).toBeGreaterThanOrEqual(2)
      expect(questions.length, service.id).toBeLessThanOrEqual(MAX_QUESTIONS)
      expect(questions.filter((question) => question.required).length, service.id).toBeLessThanOrEqual(1)
    }
    expect(questionsOf('altro')).toEqual([])
    expect(questionsOf('constructor')).toEqual([])
  })

  it('gives questions and options unique ids of the stored spelling, and every label words', () => {
    for (const service of services) {
      const questions = questionsOf(service.id)
      expect(new Set(questions.map((question) => question.id)).size, service.id).toBe(questions.length)
      for (const question of questions) {
        expect(question.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
        expect(question.label.trim().length, `${service.id}.${question.id}`).toBeGreaterThan(2)
        if (question.kind === 'choice') {
          expect(question.options.length, `${service.id}.${question.id}`).toBeGreaterThanOrEqual(2)
          expect(new Set(question.options.map((option) => option.id)).size).toBe(question.options.length)
          for (const option of question.options) {
            expect(option.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
            expect(option.label.trim(), `${service.id}.${question.id}.${option.id}`).not.toBe('')
          }
        } else {
          expect(Number.isInteger(question.min) && Number.isInteger(question.max) && question.min < question.max).toBe(true)
          expect(question.unit.trim()).not.toBe('')
        }
      }
    }
  })

  it('names the required question of a service with a choice, the one that decides whether the job fits', () => {
    for (const service of services) {
      for (const question of questionsOf(service.id).filter((q) => q.required)) expect(question.kind, service.id).toBe('choice')
    }
  })
})

describe('the answers of the quote schema, on the form and on the server', () => {
  it('accepts a full set of answers for every service, and stores them in the catalogue words', () => {
    for (const service of [...services.map((s) => s.id), 'altro']) {
      const answers = fullAnswers(questionsOf(service))
      for (const schema of [quoteRequestSchema, quoteFormSchema]) {
        const result = schema.safeParse({ ...valid, serviceId: service, answers, timing: 'entro-3-mesi' })
        expect(result.success ? [] : result.error.issues, service).toEqual([])
      }
      const stored = storedAnswersOf(service, answers)
      const lines = answerLines(service, JSON.stringify(stored))
      expect(lines.length, service).toBe(questionsOf(service).length)
      for (const line of lines) expect(line.answer).not.toMatch(/^[a-z0-9-]+$/)
    }
  })

  it('accepts only the required answer, with the rest left empty or absent, and no "Quando?"', () => {
    for (const service of services) {
      const answers = Object.fromEntries(questionsOf(service.id).map((q) => [q.id, q.required && q.kind === 'choice' ? q.options[0]!.id : '']))
      const result = quoteRequestSchema.safeParse({ ...valid, serviceId: service.id, answers })
      expect(result.success, service.id).toBe(true)
      expect(result.data?.timing).toBeNull()
    }
  })

  it('stores numbers as numbers, options as their ids, in the catalogue order, and nothing for no answer', () => {
    expect(storedAnswersOf('imbianchino', { soffitti: 'si', stanze: ' 3 ', ambienti: 'interni', superficie: '' })).toEqual({
      ambienti: 'interni',
      stanze: 3,
      soffitti: 'si',
    })
    expect(JSON.stringify(storedAnswersOf('imbianchino', { soffitti: 'si', stanze: '3', ambienti: 'interni' }))).toBe(
      '{"ambienti":"interni","stanze":3,"soffitti":"si"}',
    )
    expect(storedAnswersOf('altro', {})).toBeNull()
    expect(
      questionnaireLines({ service_id: 'impianti-fotovoltaici', answers: '{"tetto":"falde","consumo":4500,"accumulo":"si"}', timing: 'entro-2-settimane' }),
    ).toEqual([
      { question: 'Tipo di tetto', answer: 'A falde (tegole o coppi)' },
      { question: 'Consumo annuo di energia', answer: '4.500 kWh' },
      { question: 'Batteria di accumulo', answer: 'Sì' },
      { question: 'Quando', answer: 'Entro 2 settimane' },
    ])
    // An id the catalogue does not know is never shown as it is.
    expect(questionnaireLines({ service_id: 'imbianchino', answers: '{"ambienti":"sconosciuto","vecchia":"x"}', timing: 'domani' })).toEqual([])
  })

  it('refuses an answer to a question the service does not ask (a service changed after answering)', () => {
    const painter = fullAnswers(questionsOf('imbianchino'))
    expect(refusal({ serviceId: 'idraulico', answers: { ...painter, problema: 'perdita' } })).toEqual([['answers', ANSWER_NOT_FOR_SERVICE]])
    expect(refusal({ serviceId: 'altro', answers: { ambienti: 'interni' } })).toEqual([['answers', ANSWER_NOT_FOR_SERVICE]])
    for (const id of ['__proto__', 'constructor', 'AMBIENTI', 'a'.repeat(41), '']) {
      expect(refusal({ answers: { ...painter, [id]: 'x' } }), id).toContainEqual(['answers', ANSWER_NOT_FOR_SERVICE])
    }
  })

  it('refuses more answers than a service has questions, before reading them', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_QUESTIONS + 1 }, (_, i) => [`q${i}`, 'x']))
    expect(refusal({ answers: many })).toEqual([['answers', ANSWER_NOT_FOR_SERVICE]])
    expect(refusal({ answers: ['interni'] })).toEqual([['answers', ANSWER_NOT_FOR_SERVICE]])
    expect(refusal({ answers: 'interni' })).toEqual([['answers', ANSWER_NOT_FOR_SERVICE]])
    expect(refusal({ answers: JSON.parse('{"ambienti":"interni","__proto__":"x"}') })).toEqual([['answers', ANSWER_NOT_FOR_SERVICE]])
  })

  it('refuses an option that is not among the question’s', () => {
    for (const value of ['esterno', 'INTERNI', 'inter ni', 'x'.repeat(41), 3, true, { id: 'interni' }]) {
      expect(refusal({ answers: { ambienti: value } }), String(value)).toEqual([['answers.ambienti', ANSWER_NOT_AN_OPTION]])
    }
  })

  it('refuses a number out of range or not a whole number', () => {
    const answers = { ambienti: 'interni' }
    expect(refusal({ answers: { ...answers, stanze: '31' } })).toEqual([['answers.stanze', numberOutOfRange(1, 30)]])
    expect(refusal({ answers: { ...answers, stanze: 0 } })).toEqual([['answers.stanze', 'Inserisci un numero da 1 a 30.']])
    expect(refusal({ answers: { ...answers, stanze: 1e300 } })).toEqual([['answers.stanze', 'Inserisci un numero da 1 a 30.']])
    expect(refusal({ serviceId: 'impianti-fotovoltaici', answers: { tetto: 'piano', consumo: '200000' } })).toEqual([
      ['answers.consumo', 'Inserisci un numero da 500 a 100.000.'],
    ])
    for (const value of ['tre', '3,5', '3.5', '1e2', '0x10', '3 stanze', '-', 2.5]) {
      expect(refusal({ answers: { ...answers, stanze: value } }), String(value)).toEqual([['answers.stanze', ANSWER_NOT_A_NUMBER]])
    }
  })

  it('refuses a request without the answer that decides whether the job fits', () => {
    expect(refusal({})).toEqual([['answers.ambienti', ANSWER_REQUIRED]])
    expect(refusal({ answers: { ambienti: '', stanze: '2' } })).toEqual([['answers.ambienti', ANSWER_REQUIRED]])
    expect(refusal({ answers: { ambienti: null } })).toEqual([['answers.ambienti', ANSWER_REQUIRED]])
  })

  it('takes "Quando?" as one of its four answers or none, and refuses anything else', () => {
    for (const timing of TIMINGS) expect(quoteRequestSchema.parse({ ...valid, answers: { ambienti: 'interni' }, timing }).timing).toBe(timing)
    for (const timing of [null, undefined, '']) expect(quoteRequestSchema.parse({ ...valid, answers: { ambienti: 'interni' }, timing }).timing).toBeNull()
    for (const timing of ['domani', 'URGENTE', 1, ['urgente']]) {
      expect(refusal({ answers: { ambienti: 'interni' }, timing }), String(timing)).toEqual([['timing', TIMING_INVALID]])
    }
  })
})
