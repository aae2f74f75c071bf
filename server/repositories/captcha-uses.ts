import type { DB } from '#db/client.ts'

export type ChallengeUse = { nonce: string; expiresAt: number }

/**
 * Marks challenges as answered, in one statement; returns the nonces that were not yet (any other is a replay). Run it
 * in the request's transaction: a concurrent transaction with the same nonce waits for this one and finds it used.
 */
export async function consumeChallenges(db: DB, uses: ChallengeUse[]): Promise<Set<string>> {
  const rows = await db
    .insertInto('captcha_uses')
    .values(uses.map(({ nonce, expiresAt }) => ({ nonce, expires_at: expiresAt })))
    .onConflict((oc) => oc.column('nonce').doNothing())
    .returning('nonce')
    .execute()
  return new Set(rows.map((row) => row.nonce))
}

/** Answered challenges are only needed until they expire. */
export async function pruneChallenges(db: DB, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('captcha_uses').where('expires_at', '<', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
