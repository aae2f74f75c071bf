import { randomBytes } from 'node:crypto'
import type { DB } from '../../db/client.ts'
import type { AdminUser } from '../../db/schema.ts'

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

export function findAdminByEmail(db: DB, email: string): Promise<AdminUser | undefined> {
  return db.selectFrom('admin_users').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst()
}

export function findAdminById(db: DB, id: string): Promise<AdminUser | undefined> {
  return db.selectFrom('admin_users').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertAdmin(db: DB, email: string, passwordHash: string, now = new Date().toISOString()): Promise<AdminUser> {
  return db
    .insertInto('admin_users')
    .values({ id: randomBytes(15).toString('base64url'), email: normalizeEmail(email), password_hash: passwordHash, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function setAdminPassword(db: DB, id: string, passwordHash: string, now = new Date().toISOString()): Promise<void> {
  await db.updateTable('admin_users').set({ password_hash: passwordHash, updated_at: now }).where('id', '=', id).execute()
}
