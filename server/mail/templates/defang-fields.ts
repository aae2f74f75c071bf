import { defang } from '../defang.ts'

/** The keys of P whose values are text (or no text). */
type TextKey<P> = { [K in keyof P]: P[K] extends string | null ? K : never }[keyof P]

/** The props with the named text fields defanged, null staying null: a visitor's words as our mails may show them. */
export function defangFields<P extends object>(props: P, keys: TextKey<P>[]): P {
  const defanged = { ...props }
  for (const key of keys) {
    const value = props[key] as string | null
    defanged[key] = (value === null ? null : defang(value)) as P[typeof key]
  }
  return defanged
}
