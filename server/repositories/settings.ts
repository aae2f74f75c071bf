import type { DB } from '#db/client.ts'
import type { NewAppSetting } from '#db/schema.ts'

/** A setting of the installation, created with `create()` the first time it is read (the first writer wins). */
export async function settingOrCreate(db: DB, key: string, create: () => string): Promise<string> {
  const row: NewAppSetting = { key, value: create(), updated_at: new Date().toISOString() }
  await db
    .insertInto('app_settings')
    .values(row)
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
  const { value } = await db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow()
  return value
}
