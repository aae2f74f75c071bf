import { describe, expect, it } from 'vitest'
import { createAdmin, totpSecretFor } from '../helpers/admin.ts'
import { addArtisan, artisan } from '../helpers/admin-leads.ts'
import { changeRows, readRows } from '../helpers/database.ts'
import { startServer } from '../helpers/server.ts'
import { call } from '../helpers/trpc-call.ts'

// Whether an address is an administrator's must not show in the answers of sign-in and password recovery, nor in their
// time; nor whether it is a craftsman's in the answer to a sign-in mail of their area. A timing test: project `timing`
// runs it alone after the rest of the suite (vitest.config.ts), and on PostgreSQL beside other files, where a busy
// moment may take a second try; a real difference fails every try.

const PASSWORD = 'una password robusta 2026'
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

describe('known and unknown addresses', () => {
  it('get the same answer in the same time on sign-in, on password recovery and on asking for the area’s sign-in mail', { retry: 2 }, async () => {
    const own = await startServer({
      LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP: '1000',
      LOGIN_MAX_FAILURES_PER_IP: '1000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000',
      PASSWORD_RESET_MAX_PER_IP: '1000',
      ARTISAN_SIGN_IN_MAX_PER_IP: '1000',
    })
    try {
      await createAdmin(own.databasePath, 'modello@artigianimilano.it', PASSWORD)
      // One account per try, so each recovery request of a known address makes a real link.
      const known = Array.from({ length: 21 }, (_, i) => `amministratore${i}@artigianimilano.it`)
      const [{ password_hash }] = readRows<{ password_hash: string }>(
        own.databasePath,
        'select password_hash from admin_users where email = ?',
        'modello@artigianimilano.it',
      ) as [{ password_hash: string }]
      for (const [i, email] of known.entries()) {
        changeRows(
          own.databasePath,
          "insert into admin_users values (?, ?, ?, '2026-01-01', '2026-01-01', ?, null)",
          `id-${i}`,
          email,
          password_hash,
          totpSecretFor(email),
        )
      }
      // The same addresses are craftsmen's of the register too, each asking for one sign-in mail of the area.
      for (const email of known) await addArtisan(own.databasePath, artisan({ email }))
      const unknown = known.map((email) => email.replace('amministratore', 'sconosciuto'))
      const time = async (procedure: string, input: unknown) => {
        const started = performance.now()
        const answer = await call(own, procedure, input)
        return { ms: performance.now() - started, answer }
      }

      // Sign-in answers after an argon2 verification whose own spread on a busy machine is several ms; recovery after a few queries.
      for (const [procedure, input, toleranceMs] of [
        ['admin.auth.signIn', (email: string) => ({ email, password: 'password sbagliata', code: '123456' }), 15],
        ['admin.auth.requestPasswordReset', (email: string) => ({ email }), 5],
        ['area.signIn.request', (email: string) => ({ email }), 5],
      ] as const) {
        const timings = { known: [] as number[], unknown: [] as number[] }
        const bodies = new Set<string>()
        await time(procedure, input('riscaldamento@example.com'))
        for (let i = 0; i < known.length; i++) {
          for (const side of ['known', 'unknown'] as const) {
            const { ms, answer } = await time(procedure, input((side === 'known' ? known : unknown)[i]!))
            timings[side].push(ms)
            bodies.add(JSON.stringify({ status: answer.status, body: answer.body }))
            // Recovery and the area's sign-in queue a known address's mail after answering: that is over before the next request.
            if (procedure !== 'admin.auth.signIn') await new Promise((resolve) => setTimeout(resolve, 150))
          }
        }
        expect({ procedure, answers: bodies.size }).toEqual({ procedure, answers: 1 })
        // Each known try is paired with the unknown one right after it, so both saw the same load on the machine; a loaded
        // machine spreads both alike, so the tolerance is also a tenth of the unknown side's time when that is more (an
        // unknown address answered without the work a known one costs would take a fraction of its time, and fail).
        const difference = median(timings.known.map((ms, i) => ms - timings.unknown[i]!))
        const tolerance = Math.max(toleranceMs, median(timings.unknown) / 10)
        expect({ procedure, withinTolerance: Math.abs(difference) < tolerance, difference, tolerance }).toMatchObject({ procedure, withinTolerance: true })
      }
      expect(readRows(own.databasePath, "select 1 from email_outbox where category = 'password-reset'")).toHaveLength(21)
      expect(readRows(own.databasePath, "select 1 from email_outbox where category = 'artisan-sign-in'")).toHaveLength(21)
    } finally {
      await own.stop()
    }
  })
})
