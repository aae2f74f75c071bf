import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { createLeadLinkToken, type LeadLink, verifyLeadLinkToken } from './links.ts'

const SECRET = 'un segreto di prova abbastanza lungo 0123456789'
const NOW = Date.UTC(2026, 10, 24, 12)
const id = fc.integer({ min: 1, max: 2 ** 40 })
const link: fc.Arbitrary<LeadLink> = fc.oneof(
  fc.record({
    purpose: fc.constantFrom('accept' as const, 'decline' as const),
    leadId: id,
    artisanId: id,
    assignmentId: id,
    offerNumber: fc.oneof(fc.constant(1), fc.integer({ min: 2, max: 999_999_999 })),
    expiresAt: fc.integer({ min: NOW + 1000, max: NOW + 10 * 86_400_000 }).map((ms) => Math.ceil(ms / 1000) * 1000),
  }),
  fc.record({
    purpose: fc.constant('rate' as const),
    leadId: id,
    expiresAt: fc.integer({ min: NOW + 1000, max: NOW + 90 * 86_400_000 }).map((ms) => Math.ceil(ms / 1000) * 1000),
  }),
)

describe('lead link tokens', () => {
  it('verify for their purpose, with the lead, craftsman and offer they were made for', () => {
    fc.assert(
      fc.property(link, (made) => {
        const check = verifyLeadLinkToken(SECRET, createLeadLinkToken(SECRET, made), made.purpose, NOW)
        expect(check).toEqual({ ok: true, link: made })
      }),
    )
  })

  it('refuse every change of one character, every other purpose and every other secret', () => {
    const alphabet = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.']
    fc.assert(
      fc.property(link, fc.nat(), fc.constantFrom(...alphabet), (made, at, replacement) => {
        const token = createLeadLinkToken(SECRET, made)
        const position = at % token.length
        const changed = token.slice(0, position) + replacement + token.slice(position + 1)
        if (changed !== token) expect(verifyLeadLinkToken(SECRET, changed, made.purpose, NOW)).toEqual({ ok: false, reason: 'invalid' })
        for (const other of ['accept', 'decline', 'rate'] as const) {
          if (other !== made.purpose) expect(verifyLeadLinkToken(SECRET, token, other, NOW)).toEqual({ ok: false, reason: 'invalid' })
        }
        expect(verifyLeadLinkToken(`${SECRET}!`, token, made.purpose, NOW)).toEqual({ ok: false, reason: 'invalid' })
      }),
      { numRuns: 2000 },
    )
  })

  it('say expired only for a genuine token past its date', () => {
    const made: LeadLink = { purpose: 'accept', leadId: 7, artisanId: 3, assignmentId: 11, offerNumber: 1, expiresAt: NOW }
    const token = createLeadLinkToken(SECRET, made)
    expect(verifyLeadLinkToken(SECRET, token, 'accept', NOW - 1).ok).toBe(true)
    expect(verifyLeadLinkToken(SECRET, token, 'accept', NOW)).toEqual({ ok: false, reason: 'expired' })
    expect(verifyLeadLinkToken('un altro segreto', token, 'accept', NOW + 1)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('refuse malformed input in linear time', () => {
    for (const input of [
      undefined,
      '',
      '.',
      'a',
      'a.1.1.1.1.',
      `a.1.1.1.1.${'A'.repeat(42)}`,
      'a.01.1.1.1.x',
      `${'a.'.repeat(100_000)}`,
      '9'.repeat(1_000_000),
    ]) {
      expect(verifyLeadLinkToken(SECRET, input, 'accept', NOW)).toEqual({ ok: false, reason: 'invalid' })
    }
    // Ids of zero name no offer.
    const zero = createLeadLinkToken(SECRET, { purpose: 'accept', leadId: 1, artisanId: 0, assignmentId: 0, offerNumber: 1, expiresAt: NOW + 60_000 })
    expect(verifyLeadLinkToken(SECRET, zero, 'accept', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })

  it('name the offer: a first offer keeps the format of the links already mailed, a later one carries its number', () => {
    const first: LeadLink = { purpose: 'decline', leadId: 7, artisanId: 3, assignmentId: 11, offerNumber: 1, expiresAt: NOW + 60_000 }
    const token = createLeadLinkToken(SECRET, first)
    expect(token).toMatch(/^d\.7\.3\.11\.\d+\.[\w-]{43}$/)
    expect(verifyLeadLinkToken(SECRET, token, 'decline', NOW)).toEqual({ ok: true, link: first })
    const third = createLeadLinkToken(SECRET, { ...first, offerNumber: 3 })
    expect(third).toMatch(/^d\.7\.3\.11\.3\.\d+\.[\w-]{43}$/)
    expect(verifyLeadLinkToken(SECRET, third, 'decline', NOW)).toEqual({ ok: true, link: { ...first, offerNumber: 3 } })
    // Another number with the first offer's signature, or a number 1 written out, is not a link we made.
    const [code, lead, artisan, assignment, expiry, signature] = token.split('.') as [string, string, string, string, string, string]
    for (const number of ['1', '01', '2', '0']) {
      expect(verifyLeadLinkToken(SECRET, [code, lead, artisan, assignment, number, expiry, signature].join('.'), 'decline', NOW)).toEqual({
        ok: false,
        reason: 'invalid',
      })
    }
    // A rating link names no offer.
    const rate = createLeadLinkToken(SECRET, { purpose: 'rate', leadId: 7, expiresAt: NOW + 60_000 }).split('.')
    rate.splice(4, 0, '2')
    expect(verifyLeadLinkToken(SECRET, rate.join('.'), 'rate', NOW)).toEqual({ ok: false, reason: 'invalid' })
  })
})
