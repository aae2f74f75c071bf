import { z } from 'zod'
import { DECLINE_REASONS } from '../enums.ts'
import {
  ACCEPTED_SHOWN,
  AMOUNT_INVALID,
  AMOUNT_NOT_POSITIVE,
  AMOUNT_TOO_LARGE,
  DECLINE_REASON_INVALID,
  MAX_ACCEPTED_SHOWN,
  MAX_HISTORY_PAGE,
  MAX_SEARCH_LENGTH,
  OFFER_NOT_FOUND,
  OUTCOME_REQUIRED,
  PAGE_INVALID,
  SEARCH_TOO_LONG,
} from '../area-offers.ts'
import { MAX_OUTCOME_EUROS, OFFER_OUTCOMES } from '../offer-outcomes.ts'

/**
 * The offers of the craftsmen's area (/artigiano/offerte): one schema per procedure's input, read by its form and by
 * the procedure; their messages and limits live in shared/area-offers.ts.
 */

const id = z
  .number({ error: OFFER_NOT_FOUND })
  .int(OFFER_NOT_FOUND)
  .min(1, OFFER_NOT_FOUND)
  .max(2 ** 31 - 1, OFFER_NOT_FOUND)

/** An offer as the area lists it: its row, and which time it was offered on that row (an older listing's answer is refused). */
export const offerRefInput = z.object({ assignmentId: id, offerNumber: id })

export const declineInput = offerRefInput.extend({
  reason: z.enum(DECLINE_REASONS, { error: DECLINE_REASON_INVALID }).nullable(),
})

// Euros as an Italian writes them: 1250, 1.250, 1250,50, 1.250,50 (or 1250.50, a phone's keypad), an optional € sign.
const AMOUNT = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:[,.](\d{1,2}))?$/
const GROUPED_WITH_DOT_DECIMALS = /^\d{1,3}(?:\.\d{3})+\.\d{1,2}$/

/** An amount in euros typed by a person, as cents; null when left empty. Whole euros or cents, above 0, at most 1,000,000. */
export const amountField = z
  .string({ error: AMOUNT_INVALID })
  .max(30, AMOUNT_INVALID)
  .transform((text, ctx) => {
    const typed = text.replace(/[\s\u00a0€]/g, '')
    if (typed === '') return null
    if (/^[-−]/.test(typed)) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_NOT_POSITIVE })
      return z.NEVER
    }
    const match = AMOUNT.exec(typed)
    if (!match || GROUPED_WITH_DOT_DECIMALS.test(typed)) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_INVALID })
      return z.NEVER
    }
    const euros = match[1]!.replaceAll('.', '')
    if (euros.replace(/^0+/, '').length > String(MAX_OUTCOME_EUROS).length) {
      ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_LARGE })
      return z.NEVER
    }
    const cents = Number(euros) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
    if (cents === 0) ctx.addIssue({ code: 'custom', message: AMOUNT_NOT_POSITIVE })
    else if (cents > MAX_OUTCOME_EUROS * 100) ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_LARGE })
    return cents
  })

export const outcomeInput = z.object({
  assignmentId: id,
  outcome: z.enum(OFFER_OUTCOMES, { error: OUTCOME_REQUIRED }),
  amount: amountField.nullable(),
})

export const historyInput = z.object({
  query: z.string().max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG).trim().default(''),
  page: z.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(MAX_HISTORY_PAGE, PAGE_INVALID).default(1),
})

/** How many accepted jobs the page shows: the first ACCEPTED_SHOWN, more on "Mostra altri". */
export const acceptedInput = z
  .object({ shown: z.number({ error: PAGE_INVALID }).int(PAGE_INVALID).min(1, PAGE_INVALID).max(MAX_ACCEPTED_SHOWN, PAGE_INVALID).default(ACCEPTED_SHOWN) })
  .default({ shown: ACCEPTED_SHOWN })
