import type { DB } from '../../db/client.ts'

export type LoginLimits = { perAccount: number; perIp: number; windowMinutes: number }

const unixNow = () => Math.floor(Date.now() / 1000)

/**
 * True when the account or the address has too many recent failures. Unknown e-mails count like
 * known ones, so the limit never tells whether an account exists.
 */
export async function isLoginBlocked(db: DB, emailNormalized: string, ip: string, limits: LoginLimits): Promise<boolean> {
  const since = unixNow() - limits.windowMinutes * 60
  const count = async (column: 'email_normalized' | 'ip', value: string) =>
    Number(
      (
        await db
          .selectFrom('login_attempts')
          .select((eb) => eb.fn.countAll().as('n'))
          .where(column, '=', value)
          .where('created_at', '>', since)
          .executeTakeFirstOrThrow()
      ).n,
    )
  return (await count('email_normalized', emailNormalized)) >= limits.perAccount || (await count('ip', ip)) >= limits.perIp
}

export async function recordLoginFailure(db: DB, emailNormalized: string, ip: string): Promise<void> {
  await db.insertInto('login_attempts').values({ email_normalized: emailNormalized, ip, created_at: unixNow() }).execute()
  // Old rows say nothing about the current window.
  await db.deleteFrom('login_attempts').where('created_at', '<', unixNow() - 24 * 60 * 60).execute()
}

/** A successful sign-in forgives the account's failures (not the address's). */
export async function clearAccountFailures(db: DB, emailNormalized: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('email_normalized', '=', emailNormalized).execute()
}
