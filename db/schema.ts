/**
 * Every table of the database: the single source of truth for row types.
 * Columns filled by the database are Generated<>; nullable columns are `T | null`.
 * Timestamps are ISO-8601 strings in UTC.
 */
import type { Insertable, Selectable, Updateable } from 'kysely'

export interface AppSettingsTable {
  key: string
  value: string
  updated_at: string
}
export type AppSetting = Selectable<AppSettingsTable>
export type NewAppSetting = Insertable<AppSettingsTable>
export type AppSettingUpdate = Updateable<AppSettingsTable>

export interface Database {
  app_settings: AppSettingsTable
}
