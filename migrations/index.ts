import type { Migration } from 'kysely'
import * as m0001 from './2026_11_22_0001_create_app_settings.ts'

/** Every migration, by name. Applied files are frozen: a change is a new file listed here. */
export const migrations: Record<string, Migration> = {
  '2026_11_22_0001_create_app_settings': m0001,
}
