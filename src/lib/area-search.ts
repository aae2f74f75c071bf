// Read by the area's route options, which its entry loads with every page (src/area/route-tree.ts): plain readers of the
// address's parameters, so zod (about 26 KB gzip) comes with the first form that validates, not with the first screen.
// Anything malformed reads as absent, as `.optional().catch(undefined)` would; the procedures check what they receive.

/** A text parameter of at most `max` characters. */
export function textParam(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.length <= max ? value : undefined
}

/** A whole number from 1 to `max`, as the router reads it from the address (a number, or its digits as text). */
export function pageParam(value: unknown, max: number): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN
  return Number.isInteger(number) && number >= 1 && number <= max ? number : undefined
}

/** One of the given values. */
export function oneOfParam<T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value)
}
