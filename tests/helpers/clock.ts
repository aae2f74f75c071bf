import { afterEach, beforeEach, vi } from 'vitest'

/**
 * Each test of the file starts with the clock at `at` (ms), for functions that read it through Date.now(). Only Date is
 * faked: timers stay real, so a PostgreSQL pool's keep working.
 */
export function clockAtEachTest(at: number): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(at)
  })
  afterEach(() => {
    vi.useRealTimers()
  })
}
