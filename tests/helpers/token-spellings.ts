const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

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
  const [address, signature] = token.split('.') as [string, string]
  const base64 = (text: string) => Buffer.from(text, 'base64url').toString('base64')
  return [
    ...otherLastCharacters(signature).map((last) => `${address}.${signature.slice(0, -1)}${last}`),
    ...otherLastCharacters(address).map((last) => `${address.slice(0, -1)}${last}.${signature}`),
    `${address}.${signature}=`,
    `${address}=.${signature}`,
    `${base64(address)}.${base64(signature)}`,
    `${address}.${base64(signature)}`,
    ` ${token}`,
    `${token} `,
    `${token}\n`,
    `${token}\t`,
    `${address} .${signature}`,
    token.replace('.', '..'),
  ].filter((spelling) => spelling !== token)
}
