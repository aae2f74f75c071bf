import { describe, expect, it } from 'vitest'
import { otherSpellings } from '#tests/helpers/token-spellings.ts'
import { createUnsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token.ts'

const SECRET = 's'.repeat(40)

describe('unsubscribe tokens', () => {
  it('give back the address they were made for, and the campaign a campaign mail names', () => {
    expect(verifyUnsubscribeToken(SECRET, createUnsubscribeToken(SECRET, 'mario.rossi@example.com'))).toEqual({ email: 'mario.rossi@example.com', jobId: null })
    expect(verifyUnsubscribeToken(SECRET, createUnsubscribeToken(SECRET, 'mario.rossi@example.com', 42))).toEqual({
      email: 'mario.rossi@example.com',
      jobId: 42,
    })
  })

  it('refuse another secret, another address, an altered signature and junk', () => {
    for (const token of [createUnsubscribeToken(SECRET, 'mario.rossi@example.com'), createUnsubscribeToken(SECRET, 'mario.rossi@example.com', 7)]) {
      const parts = token.split('.')
      const other = Buffer.from('giulia@example.com').toString('base64url')
      expect(verifyUnsubscribeToken('t'.repeat(40), token)).toBeNull()
      expect(verifyUnsubscribeToken(SECRET, [other, ...parts.slice(1)].join('.'))).toBeNull()
      expect(verifyUnsubscribeToken(SECRET, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
      for (const junk of ['', '.', 'abc', 'abc.def', `${token}.x`, `${token} `, 'a'.repeat(2000)]) expect(verifyUnsubscribeToken(SECRET, junk)).toBeNull()
    }
  })

  it('refuse a campaign id added, removed, changed or spelled another way, as any altered link', () => {
    const plain = createUnsubscribeToken(SECRET, 'mario.rossi@example.com')
    const named = createUnsubscribeToken(SECRET, 'mario.rossi@example.com', 7)
    const [address, signature] = plain.split('.') as [string, string]
    const [, , namedSignature] = named.split('.') as [string, string, string]
    const forged = [
      // An address-only link given a campaign, and a campaign's link stripped of it or pointed at another campaign.
      `${address}.7.${signature}`,
      `${address}.${namedSignature}`,
      ...['8', '6', '70', '07', '7.0', '+7', '-7', '7e0', '0x7', ' 7', '7 ', '７', '', '0', '9'.repeat(16)].map((id) => `${address}.${id}.${namedSignature}`),
      `${address}.7.7.${namedSignature}`,
    ]
    for (const token of forged) expect(verifyUnsubscribeToken(SECRET, token), JSON.stringify(token)).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, named)).toEqual({ email: 'mario.rossi@example.com', jobId: 7 })
  })

  it('accept one spelling of a token: another spelling of the same bytes is refused', () => {
    const token = createUnsubscribeToken(SECRET, 'mario.rossi@example.com')
    const spellings = otherSpellings(token)
    expect(spellings.length).toBeGreaterThan(10)
    for (const spelling of spellings) expect(verifyUnsubscribeToken(SECRET, spelling), JSON.stringify(spelling)).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, token)).toEqual({ email: 'mario.rossi@example.com', jobId: null })
  })
})
