import type { DB } from '#db/client.ts'

/** Marks a challenge as answered; false when it already was (a replay). Run it in the request's transaction. */
export async function consumeChallenge(db: DB, nonce: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('captcha_uses')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst()
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1
}

/** Answered challenges are only needed until they expire. */
export async function pruneChallenges(db: DB, now = Date.now()): Promise<number> {
  const result = await db.deleteFrom('captcha_uses').where('expires_at', '<', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}
