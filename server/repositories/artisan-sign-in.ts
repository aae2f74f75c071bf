import type { DB } from '#db/client.ts'
import { ARTISAN_AREA_STATUSES } from '#shared/artisan-area.ts'
import { SIGN_IN_MAX_WRONG_CODES } from '#shared/artisan-sign-in.ts'

const unixNow = () => Math.floor(Date.now() / 1000)

export type SignInTokenRow = {
  token_hash: string
  artisan_id: number
  code_hash: string
  binding_hash: string | null
  redirect_path: string
  failed_codes: number
  expires_at: number
  used_at: string | null
}

const COLUMNS = ['token_hash', 'artisan_id', 'code_hash', 'binding_hash', 'redirect_path', 'failed_codes', 'expires_at', 'used_at'] as const

/** A craftsman of the register who may sign in to the area, by their normalised e-mail. */
export function findAreaArtisanByEmail(db: DB, email: string) {
  return db
    .selectFrom('artisans')
    .select(['id', 'email', 'contact_name'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email))
    .where('status', 'in', ARTISAN_AREA_STATUSES)
    .orderBy('id')
    .executeTakeFirst()
}

export async function insertSignInToken(
  db: DB,
  row: { tokenHash: string; artisanId: number; codeHash: string; bindingHash: string | null; redirectPath: string; expiresAt: number },
): Promise<void> {
  await db
    .insertInto('artisan_sign_in_tokens')
    .values({
      token_hash: row.tokenHash,
      artisan_id: row.artisanId,
      code_hash: row.codeHash,
      binding_hash: row.bindingHash,
      redirect_path: row.redirectPath,
      expires_at: row.expiresAt,
      used_at: null,
      created_at: new Date().toISOString(),
    })
    .execute()
}

export function findSignInToken(db: DB, tokenHash: string): Promise<SignInTokenRow | undefined> {
  return db.selectFrom('artisan_sign_in_tokens').select(COLUMNS).where('token_hash', '=', tokenHash).executeTakeFirst()
}

/** The mail a browser asked for last, by the hash of the value in its cookie. */
export function findSignInTokenByBinding(db: DB, bindingHash: string): Promise<SignInTokenRow | undefined> {
  return db.selectFrom('artisan_sign_in_tokens').select(COLUMNS).where('binding_hash', '=', bindingHash).orderBy('created_at', 'desc').executeTakeFirst()
}

/** Counts a code typed for this mail as wrong until proved right (one statement, so parallel guesses are all counted); the new count. */
export async function countWrongCode(db: DB, tokenHash: string): Promise<number> {
  const row = await db
    .updateTable('artisan_sign_in_tokens')
    .set((eb) => ({ failed_codes: eb('failed_codes', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .returning('failed_codes')
    .executeTakeFirst()
  return row?.failed_codes ?? Number.POSITIVE_INFINITY
}

/**
 * Spends the mail's token: only one caller ever gets its craftsman back, and only while it is unused, unexpired and
 * not given up after too many wrong codes (`withCodeTry`: the right code's own try was counted first).
 */
export async function spendSignInToken(db: DB, tokenHash: string, { withCodeTry = false } = {}) {
  return db
    .updateTable('artisan_sign_in_tokens')
    .set({ used_at: new Date().toISOString() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', unixNow())
    .where('failed_codes', withCodeTry ? '<=' : '<', SIGN_IN_MAX_WRONG_CODES)
    .returning(['artisan_id', 'redirect_path'])
    .executeTakeFirst()
}

/** Sign-in mails a day past their time say nothing any more. */
export async function deleteStaleSignInTokens(db: DB): Promise<void> {
  await db
    .deleteFrom('artisan_sign_in_tokens')
    .where('expires_at', '<', unixNow() - 24 * 60 * 60)
    .execute()
}

/** The craftsman a spent token signs in, while they are still in the area. */
export function findAreaArtisan(db: DB, artisanId: number) {
  return db.selectFrom('artisans').select(['id', 'email']).where('id', '=', artisanId).where('status', 'in', ARTISAN_AREA_STATUSES).executeTakeFirst()
}

/** When the craftsman last signed in, for the office's page. */
export async function markSignedIn(db: DB, artisanId: number, at: string): Promise<void> {
  await db.updateTable('artisans').set({ last_sign_in_at: at }).where('id', '=', artisanId).execute()
}
