import { describe, expect, it } from 'vitest'
import { otherSpellings } from '#tests/helpers/token-spellings.ts'
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts'

const SECRET = 's'.repeat(40)

describe('unsubscribe tokens', () => {
  it('give back the address they were made for', () => {
    expect(verifyUnsubscribeToken(SECRET, createUnsubscribeToken(SECRET, 'mario.rossi@example.com'))).toBe('mario.rossi@example.com')
  })

  it('refuse another secret, another address, an altered signature and junk', () => {
    const token = createUnsubscribeToken(SECRET, 'mario.rossi@example.com')
    const [, signature] = token.split('.') as [string, string]
    const other = Buffer.from('giulia@example.com').toString('base64url')
    expect(verifyUnsubscribeToken('t'.repeat(40), token)).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, `${other}.${signature}`)).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    for (const junk of ['', '.', 'abc', 'abc.def', `${token}.x`, `${token} `, 'a'.repeat(2000)]) expect(verifyUnsubscribeToken(SECRET, junk)).toBeNull()
  })

  it('accept one spelling of a token: another spelling of the same bytes is refused', () => {
    const token = createUnsubscribeToken(SECRET, 'mario.rossi@example.com')
    const spellings = otherSpellings(token)
    expect(spellings.length).toBeGreaterThan(10)
    for (const spelling of spellings) expect(verifyUnsubscribeToken(SECRET, spelling), JSON.stringify(spelling)).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, token)).toBe('mario.rossi@example.com')
  })
})
