import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { memorySchedule, SendPacer, type SendPriority, type SendSchedule } from './send-pacer.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Takes a slot and notes when it came (ms since the test started) and whose it was. */
function taker(pacer: SendPacer, started = performance.now()) {
  const granted: { who: string; at: number }[] = []
  const take = (priority: SendPriority, who: string, signal?: AbortSignal) =>
    pacer.take(priority, signal).then((got) => {
      if (got) granted.push({ who, at: Math.round(performance.now() - started) })
      return got
    })
  return { granted, take }
}

/** The most slots given within any one second. */
function busiestSecond(times: number[]): number {
  return Math.max(...times.map((start) => times.filter((at) => at >= start && at < start + 1000).length))
}

describe('the send pacer', () => {
  it('gives slots 1/rate apart, the first at once, and time nobody used does not come back as a burst', async () => {
    const { granted, take } = taker(new SendPacer(memorySchedule(5), 5))
    for (let i = 0; i < 3; i++) void take('newsletter', `n${i}`)
    await vi.advanceTimersByTimeAsync(10_000)
    for (let i = 3; i < 6; i++) void take('newsletter', `n${i}`)
    await vi.advanceTimersByTimeAsync(1000)
    expect(granted.map((g) => g.at)).toEqual([0, 200, 400, 10_000, 10_200, 10_400])
  })

  it('gives a slot to a waiting outbox mail before any campaign mail, whichever asked first', async () => {
    const { granted, take } = taker(new SendPacer(memorySchedule(5), 5))
    for (let i = 0; i < 3; i++) void take('newsletter', `n${i}`)
    await vi.advanceTimersByTimeAsync(100)
    void take('outbox', 'o0')
    void take('outbox', 'o1')
    await vi.advanceTimersByTimeAsync(2000)
    expect(granted).toEqual([
      { who: 'n0', at: 0 },
      { who: 'o0', at: 200 },
      { who: 'o1', at: 400 },
      { who: 'n1', at: 600 },
      { who: 'n2', at: 800 },
    ])
  })

  it('never gives more than the rate in any second, even when its schedule offers every slot at once', async () => {
    const eager: SendSchedule = { next: async (notBefore) => Math.max(notBefore, performance.timeOrigin + performance.now()), postpone() {} }
    for (const rate of [1, 5, 7.5, 50]) {
      const { granted, take } = taker(new SendPacer(eager, rate))
      const all = Array.from({ length: Math.ceil(rate * 3) + 1 }, (_, i) => take(i % 2 ? 'outbox' : 'newsletter', String(i)))
      await vi.advanceTimersByTimeAsync(10_000)
      await Promise.all(all)
      expect(granted).toHaveLength(all.length)
      expect(busiestSecond(granted.map((g) => g.at))).toBeLessThanOrEqual(Math.ceil(rate))
    }
  })

  it('lets the waiters of a stopping worker go without a slot and keeps serving the other', async () => {
    const { granted, take } = taker(new SendPacer(memorySchedule(5), 5))
    const stopping = new AbortController()
    void take('newsletter', 'n0')
    await vi.advanceTimersByTimeAsync(10)
    const outbox = [take('outbox', 'o0', stopping.signal), take('outbox', 'o1', stopping.signal)]
    const campaign = take('newsletter', 'n1')
    await vi.advanceTimersByTimeAsync(100)
    stopping.abort()
    expect(await Promise.all(outbox)).toEqual([false, false])
    expect(await take('outbox', 'o2', stopping.signal)).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await campaign).toBe(true)
    expect(granted).toEqual([
      { who: 'n0', at: 0 },
      { who: 'n1', at: 200 },
    ])
  })

  it('holds every slot back while SES asks to slow down, for both workers', async () => {
    const pacer = new SendPacer(memorySchedule(5), 5)
    const { granted, take } = taker(pacer)
    void take('newsletter', 'n0')
    await vi.advanceTimersByTimeAsync(10)
    pacer.pauseFor(3000)
    void take('outbox', 'o0')
    void take('newsletter', 'n1')
    await vi.advanceTimersByTimeAsync(5000)
    expect(granted).toEqual([
      { who: 'n0', at: 0 },
      { who: 'o0', at: 3010 },
      { who: 'n1', at: 3210 },
    ])
  })

  it('fails the waiters when its schedule fails (the database is out of reach), and serves again afterwards', async () => {
    let down = true
    const schedule = memorySchedule(5)
    const flaky: SendSchedule = {
      next: (notBefore) => (down ? Promise.reject(new Error('connection refused')) : schedule.next(notBefore)),
      postpone: schedule.postpone,
    }
    const pacer = new SendPacer(flaky, 5)
    const failed = await Promise.allSettled([pacer.take('outbox'), pacer.take('newsletter')])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    down = false
    expect(await pacer.take('newsletter')).toBe(true)
  })
})
