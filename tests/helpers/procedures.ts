import { appRouter } from '#server/trpc/router.ts'

type Procedure = { _def: { type: 'query' | 'mutation' | 'subscription'; procedure: true } }

/** Every procedure under a router record, with its dotted path. */
function walk(record: Record<string, unknown>, prefix: string): Array<{ path: string; type: string }> {
  return Object.entries(record).flatMap(([key, value]) => {
    const path = `${prefix}${key}`
    const def = (value as Partial<Procedure>)._def
    if (def?.procedure) return [{ path, type: def.type }]
    const nested = (value as { _def?: { record?: Record<string, unknown> } })._def?.record ?? (value as Record<string, unknown>)
    return walk(nested, `${path}.`)
  })
}

/** The app router's procedures whose path starts with `prefix` ('admin.', 'area.'), each with its type. */
export const proceduresUnder = (prefix: string) => walk(appRouter._def.record as Record<string, unknown>, '').filter(({ path }) => path.startsWith(prefix))
