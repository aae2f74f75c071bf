import { describe, expect, it } from 'vitest'
import { formatEuroCents } from '../offer-outcomes.ts'
import { AMOUNT_INVALID, AMOUNT_NOT_POSITIVE, AMOUNT_TOO_LARGE } from '../area-offers.ts'
import { amountField } from './area-offers.ts'

const read = (typed: string) => {
  const parsed = amountField.safeParse(typed)
  return parsed.success ? parsed.data : parsed.error.issues[0]!.message
}

describe("the amount of 'Com'è finita?'", () => {
  it('reads euros as an Italian writes them, in cents', () => {
    expect(read('1250')).toBe(125_000)
    // A dot before three digits groups thousands; before one or two it is a phone keypad's decimal point.
    expect(read('1.250')).toBe(125_000)
    expect(read('1.250,50')).toBe(125_050)
    expect(read('1250,5')).toBe(125_050)
    expect(read('1250.50')).toBe(125_050)
    expect(read(' € 80 ')).toBe(8_000)
    expect(read('1.000.000')).toBe(100_000_000)
    expect(read('')).toBeNull()
  })

  it('refuses 0, a negative, more than a million and anything else with its message', () => {
    expect(read('0')).toBe(AMOUNT_NOT_POSITIVE)
    expect(read('0,00')).toBe(AMOUNT_NOT_POSITIVE)
    expect(read('-5')).toBe(AMOUNT_NOT_POSITIVE)
    expect(read('1000000000')).toBe(AMOUNT_TOO_LARGE)
    expect(read('1.000.000,01')).toBe(AMOUNT_TOO_LARGE)
    expect(read('9'.repeat(25))).toBe(AMOUNT_TOO_LARGE)
    for (const typed of ['tanti', '1.250.50', '1,234.5', '12,345', '1e5', '0x10']) expect(read(typed)).toBe(AMOUNT_INVALID)
  })

  it('is shown back as the office reads money', () => {
    expect(formatEuroCents(125_050).replace(/\s/g, ' ')).toBe('1.250,50 €')
    expect(formatEuroCents(8_000).replace(/\s/g, ' ')).toBe('80 €')
  })
})
