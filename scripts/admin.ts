/**
 * Administrator accounts from the command line:
 *   npm run admin -- create --email <e-mail> [--password <password>] [--totp-secret <base32>]
 *   npm run admin -- reset-password --email <e-mail> [--password <password>]
 *   npm run admin -- reset-2fa --email <e-mail>
 * The password comes from --password, else ADMIN_PASSWORD, else it is asked on the terminal.
 */
import { parseArgs } from 'node:util'
import { z } from 'zod'
import { connect, type DatabaseTarget } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { loadEnvOrExit } from '#server/env.ts'
import { isCommonPassword } from '#server/auth/common-passwords.ts'
import { hashPassword } from '#server/auth/password.ts'
import { isValidTotpSecret } from '#server/auth/totp.ts'
import { clearAdminTotp, createAdministrator, findAdminByEmail, setAdminPassword } from '#server/repositories/administrators.ts'
import { normalizeEmail } from '#shared/text.ts'
import { recordAudit } from '#server/repositories/audit.ts'
import { deleteUserSessions, invalidateUserResetTokens } from '#server/repositories/sessions.ts'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/schemas/admin-auth.ts'

const USAGE = `usage: npm run admin -- create --email <e-mail> [--password <password>] [--totp-secret <base32>]
       npm run admin -- reset-password --email <e-mail> [--password <password>]
       npm run admin -- reset-2fa --email <e-mail>`

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) fail('no password given: pass --password, set ADMIN_PASSWORD or run on a terminal')
  process.stdout.write(question)
  process.stdin.setRawMode(true)
  process.stdin.resume()
  let answer = ''
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') {
          process.stdin.setRawMode(false)
          process.stdin.pause()
          process.stdin.off('data', onData)
          process.stdout.write('\n')
          resolve(answer)
          return
        }
        if (char === '\u0003') fail('\ncancelled')
        if (char === '\u007f') answer = answer.slice(0, -1)
        else answer += char
      }
    }
    process.stdin.on('data', onData)
  })
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, password: { type: 'string' }, 'totp-secret': { type: 'string' } },
  })
  const command = positionals[0]
  if (command !== 'create' && command !== 'reset-password' && command !== 'reset-2fa') fail(USAGE)
  const email = values.email && normalizeEmail(values.email)
  if (!email || !z.email().safeParse(email).success) fail(`a valid --email is required\n${USAGE}`)
  const totpSecret = values['totp-secret']?.toUpperCase()
  if (totpSecret !== undefined && (command !== 'create' || !isValidTotpSecret(totpSecret))) {
    fail(`--totp-secret goes with create and must be base32 (A-Z, 2-7) of at least 128 bits (26 characters)\n${USAGE}`)
  }

  const env = loadEnvOrExit()
  if (command === 'reset-2fa') return resetSecondFactor(env, email)
  let password = values.password ?? env.ADMIN_PASSWORD
  if (password === undefined) {
    password = await askHidden('Password: ')
    if ((await askHidden('Repeat the password: ')) !== password) fail('the two passwords differ')
  }
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    fail(`the password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long`)
  }
  if (await isCommonPassword(password)) fail('this password is among the most common ones: choose a less predictable one')

  const { db } = connect(env, { poolSize: 1 })
  try {
    await migrateToLatest(db)
    const existing = await findAdminByEmail(db, email)
    const passwordHash = await hashPassword(password)
    if (command === 'create') {
      if (existing) fail(`an administrator with e-mail ${email} already exists; use reset-password`)
      await createAdministrator(db, email, passwordHash, totpSecret ?? null)
      console.log(`administrator ${email} created; ${totpSecret ? 'second factor enrolled' : 'the first sign-in enrols the second factor'}`)
    } else {
      if (!existing) fail(`no administrator with e-mail ${email}`)
      await db.transaction().execute(async (trx) => {
        await setAdminPassword(trx, existing.id, passwordHash)
        await invalidateUserResetTokens(trx, existing.id)
        await deleteUserSessions(trx, existing.id)
        await recordAudit(trx, { actorId: null, actorEmail: 'cli', action: 'password_change', entityType: 'admin_user', entityId: existing.id })
      })
      console.log(`password of ${email} changed; its sessions were ended`)
    }
  } finally {
    await db.destroy()
  }
}

/** For a lost phone: the factor and the recovery codes go, the sessions end, and the next sign-in enrols again. */
async function resetSecondFactor(target: DatabaseTarget, email: string) {
  const { db } = connect(target, { poolSize: 1 })
  try {
    await migrateToLatest(db)
    const existing = await findAdminByEmail(db, email)
    if (!existing) fail(`no administrator with e-mail ${email}`)
    await db.transaction().execute(async (trx) => {
      await clearAdminTotp(trx, existing.id)
      await deleteUserSessions(trx, existing.id)
      await recordAudit(trx, { actorId: null, actorEmail: 'cli', action: 'second_factor_reset', entityType: 'admin_user', entityId: existing.id })
    })
    console.log(`second factor of ${email} removed; its sessions were ended and the next sign-in enrols a new one`)
  } finally {
    await db.destroy()
  }
}

await main()
