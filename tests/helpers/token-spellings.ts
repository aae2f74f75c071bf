const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** The text with the character at `at` changed for another one of the alphabet (never the same text). */
export function withCharacterChanged(text: string, at: number): string {
  return `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`
}

/** The other last characters that decode to the same bytes as this base64url text (none when it uses every bit). */
export function otherLastCharacters(text: string): string[] {
  const bytes = Buffer.from(text, 'base64url')
  return [...ALPHABET].filter((last) => last !== text.at(-1) && Buffer.from(text.slice(0, -1) + last, 'base64url').equals(bytes))
}

/**
 * Every other way of writing a `<base64url>.<base64url>` token that a lenient decoder would read as the same bytes:
 * the spare bits of each part's last character, padding, standard base64, whitespace, a doubled separator. A token
 * has one spelling; each of these must be refused.
 */
export function otherSpellings(token: string): string[] {
  // `<address>.<signature>`, or `<address>.<campaign id>.<signature>` kept as it is between the two.
  const parts = token.split('.')
  const [address, signature] = [parts[0]!, parts.at(-1)!]
  const middle = parts
    .slice(1, -1)
    .map((part) => `.${part}`)
    .join('')
  const base64 = (text: string) => Buffer.from(text, 'base64url').toString('base64')
  return [
    ...otherLastCharacters(signature).map((last) => `${address}${middle}.${signature.slice(0, -1)}${last}`),
    ...otherLastCharacters(address).map((last) => `${address.slice(0, -1)}${last}${middle}.${signature}`),
    `${address}${middle}.${signature}=`,
    `${address}=${middle}.${signature}`,
    `${base64(address)}${middle}.${base64(signature)}`,
    `${address}${middle}.${base64(signature)}`,
    ` ${token}`,
    `${token} `,
    `${token}\n`,
    `${token}\t`,
    `${address} ${middle}.${signature}`,
    token.replace('.', '..'),
  ].filter((spelling) => spelling !== token)
}
