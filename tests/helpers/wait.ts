import { vi } from 'vitest'

/** Checks `check` every 100 ms until it gives a value (anything but undefined or false), or fails after `timeoutMs` naming `what`. */
export function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await check()
      if (value === undefined || value === false) throw new Error(`timed out waiting for ${what}`)
      return value
    },
    { timeout: timeoutMs, interval: 100 },
  )
}
