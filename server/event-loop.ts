import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { Logger } from './logger.ts'

/** How often the monitor's timer samples, in ms; each sample records how late that timer fired. */
const RESOLUTION_MS = 10

export type EventLoopDelay = { p50: number; p99: number; max: number }

export type EventLoopMonitor = {
  /** Logs the delay since the last report, then stops sampling. */
  stop: () => void
}

/**
 * Logs the event loop's delay (p50, p99, max in ms) every `seconds`, each report covering the time since the last one;
 * 0 turns it off. A request that blocks the loop delays every other one by as much, so this is what operators and the
 * fuzz test watch.
 */
export function startEventLoopMonitor(logger: Logger, seconds: number): EventLoopMonitor {
  if (seconds <= 0) return { stop: () => {} }
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
  histogram.enable()
  // The histogram holds the interval between samples, which includes the resolution itself.
  const delay = (nanoseconds: number) => Math.round(Math.max(0, nanoseconds / 1e6 - RESOLUTION_MS) * 10) / 10
  const report = () => {
    if (histogram.count === 0) return
    const figures: EventLoopDelay = { p50: delay(histogram.percentile(50)), p99: delay(histogram.percentile(99)), max: delay(histogram.max) }
    histogram.reset()
    logger.info(figures, 'event loop delay (ms)')
  }
  const timer = setInterval(report, seconds * 1000)
  timer.unref()
  return {
    stop: () => {
      clearInterval(timer)
      report()
      histogram.disable()
    },
  }
}
