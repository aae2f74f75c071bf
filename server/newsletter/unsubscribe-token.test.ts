import { describe, expect, it } from 'vitest'
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
    const [address, signature] = token.split('.') as [string, string]
    const base64 = (text: string) => Buffer.from(text, 'base64url').toString('base64')
    const spellings = [
      // The last character of a 32-byte signature carries 4 bits and 2 spare ones: the other three values of the spare bits.
      ...otherLastCharacters(signature).map((last) => `${address}.${signature.slice(0, -1)}${last}`),
      ...otherLastCharacters(address).map((last) => `${address.slice(0, -1)}${last}.${signature}`),
      `${address}.${signature}=`,
      `${address}=.${signature}`,
      `${base64(address)}.${base64(signature)}`,
      `${address}.${base64(signature)}`,
      ` ${token}`,
      `${token} `,
      `${token}\n`,
      `${address} .${signature}`,
      token.replace('.', '..'),
    ].filter((spelling) => spelling !== token)
    expect(spellings.length).toBeGreaterThan(10)
    for (const spelling of spellings) expect(verifyUnsubscribeToken(SECRET, spelling), JSON.stringify(spelling)).toBeNull()
    expect(verifyUnsubscribeToken(SECRET, token)).toBe('mario.rossi@example.com')
  })
})

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The other last characters that decode to the same bytes as this base64url text (none when it uses every bit). */
function otherLastCharacters(text: string): string[] {
  const bytes = Buffer.from(text, 'base64url')
  return [...ALPHABET].filter((last) => last !== text.at(-1) && Buffer.from(text.slice(0, -1) + last, 'base64url').equals(bytes))
}
