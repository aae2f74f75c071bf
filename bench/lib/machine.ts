// What the benchmarks read of the machine: its load beside each figure, and a process's CPU time from /proc.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'

/** The load average over 1, 5 and 15 minutes: figures taken on a busy machine are only indicative. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')

const ticksPerSecond = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100)

/**
 * CPU milliseconds a process has used (user + system), and with `reaped` those of its children that ended: a busy
 * machine changes it less than it changes throughput. 0 for a process gone between its listing and this reading.
 */
export function cpuMs(pid: number, reaped = false): number {
  let stat: string
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  } catch {
    return 0
  }
  const fields = stat.split(') ')[1]!.split(' ')
  const own = Number(fields[11]) + Number(fields[12])
  return ((reaped ? own + Number(fields[13]) + Number(fields[14]) : own) * 1000) / ticksPerSecond
}
