import type { z } from 'zod'

type ZodDef = Record<string, unknown> & { type: string }

/** The definition of a zod 4 schema: what the tests that walk a schema's shape read. */
export const zodDef = (schema: z.ZodType): ZodDef => (schema as unknown as { _zod: { def: ZodDef } })._zod.def

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly'])

/** Schemas that wrap one schema (`innerType`) and read the same values as it does. */
export const isWrapper = (def: ZodDef) => WRAPPERS.has(def.type)
