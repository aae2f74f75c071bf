import { PASSWORD_MIN_LENGTH } from '#shared/schemas/admin-auth.ts'

let common: Promise<Set<string>> | undefined

/**
 * True when the password, in any case, is in zxcvbn-ts's list of about 49,000 common passwords. Loaded on first use
 * and on the server only; entries shorter than the minimum length are dropped since those are refused anyway.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common'].filter((entry) => entry.length >= PASSWORD_MIN_LENGTH).map((entry) => entry.toLowerCase())),
  )
  return (await common).has(password.toLowerCase())
}
