import { Writable } from 'node:stream'
import { pino } from 'pino'
import { describe, expect, it } from 'vitest'
import { startEventLoopMonitor } from './event-loop.ts'

function capturingLogger() {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  return { logger: pino({ base: undefined }, stream), lines }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function block(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until);
}

describe('event-loop delay reports', () => {
  it('log p50, p99 and max in ms every period, each report covering only its own period, and once more at stop', async () => {
    const { logger, lines } = capturingLogger()
    const monitor = startEventLoopMonitor(logger, 1)
    await sleep(200)
    block(120)
    await sleep(1100)
    const reports = () => lines.filter((line) => line.msg === 'event loop delay (ms)')
    expect(reports()).toHaveLength(1)
    const first = reports()[0] as { p50: number; p99: number; max: number; level: number }
    expect(first.level).toBe(30)
    expect(first.max).toBeGreaterThanOrEqual(100)
    expect(first.max).toBeLessThan(200)
    expect(first.p50).toBeLessThan(first.max)

    await sleep(300)
    monitor.stop()
    expect(reports()).toHaveLength(2)
    expect((reports()[1] as { max: number }).max).toBeLessThan(100)
    await sleep(1100)
    expect(reports()).toHaveLength(2)
  })

  it('log nothing when the period is 0', async () => {
    const { logger, lines } = capturingLogger()
    startEventLoopMonitor(logger, 0).stop()
    expect(lines).toEqual([])
  })
})
