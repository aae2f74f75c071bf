import { ArrowDownIcon, ArrowUpIcon, EqualIcon, SparklesIcon } from 'lucide-react'
import { type DayPeriod, periodLength } from '#shared/italian-time.ts'
import { pluralOf } from '#shared/plural.ts'
import { cn } from '#src/lib/utils.ts'

/** The period a figure is compared with, as a sentence reads it: "rispetto ai 30 giorni precedenti", "nei 30 giorni precedenti". */
export type Comparison = { against: string; within: string }

/** Words for the period of the same length just before `period`: yesterday for today, the day before for a single day. */
export function comparisonOf(period: DayPeriod, today: string): Comparison {
  const days = periodLength(period)
  if (days > 1) return { against: `ai ${days} giorni precedenti`, within: `nei ${days} giorni precedenti` }
  // Today is still going on and yesterday is whole: the sentence says so.
  if (period.from === today) return { against: 'a ieri, giornata intera', within: 'ieri' }
  return { against: 'al giorno precedente', within: 'nel giorno precedente' }
}

export type Change = { direction: 'up' | 'down' | 'same' | 'new'; text: string }

const signed = new Intl.NumberFormat('it-IT', { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 0 })
const signedFine = new Intl.NumberFormat('it-IT', { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 })
const points = new Intl.NumberFormat('it-IT', { signDisplay: 'exceptZero', maximumFractionDigits: 1 })

/**
 * A count against the previous period, as Plausible shows it: "+12% rispetto ai 30 giorni precedenti"; no percentage of
 * nothing ("nuovo: 0 nei 30 giorni precedenti").
 */
export function countChange(current: number, previous: number, comparison: Comparison): Change {
  if (current === previous) return { direction: 'same', text: `invariato rispetto ${comparison.against}` }
  if (previous === 0) return { direction: 'new', text: `nuovo: 0 ${comparison.within}` }
  const ratio = (current - previous) / previous
  // A change under 1% keeps a decimal, so it never reads "0%" beside an arrow.
  const percent = Math.abs(ratio) < 0.01 ? signedFine.format(ratio) : signed.format(ratio)
  return { direction: ratio > 0 ? 'up' : 'down', text: `${percent} rispetto ${comparison.against}` }
}

/** A rate (null without visits) against the previous period's, in percentage points. */
export function rateChange(current: number | null, previous: number | null, comparison: Comparison): Change | null {
  if (current === null) return null
  if (previous === null) return { direction: 'new', text: `nuovo: nessuna visita ${comparison.within}` }
  const difference = Math.round((current - previous) * 1000) / 10
  if (difference === 0) return { direction: 'same', text: `invariato rispetto ${comparison.against}` }
  return {
    direction: difference > 0 ? 'up' : 'down',
    text: `${points.format(difference)} ${pluralOf(Math.abs(difference), 'punto', 'punti')} rispetto ${comparison.against}`,
  }
}

const ICONS = { up: ArrowUpIcon, down: ArrowDownIcon, same: EqualIcon, new: SparklesIcon }
const COLOURS = { up: 'text-emerald-700', down: 'text-red-700', same: 'text-muted', new: 'text-blue-700' }

/** The change of a headline figure: an arrow and its sentence (the sentence alone says it to a screen reader). */
export function PeriodChange({ change }: { change: Change }) {
  const Icon = ICONS[change.direction]
  return (
    <dd className={cn('flex items-center gap-1 text-sm font-medium', COLOURS[change.direction])} data-change={change.direction}>
      <Icon className="size-4 shrink-0" aria-hidden />
      <span>{change.text}</span>
    </dd>
  )
}
