import { describe, expect, it } from 'vitest'
import { comparisonOf, countChange, rateChange } from './period-change.tsx'

const today = '2026-11-26'
const thirty = comparisonOf({ from: '2026-10-28', to: today }, today)

describe('the change of a headline figure', () => {
  it('names the period it is compared with: the days before, yesterday for today, the day before for another day', () => {
    expect(thirty).toEqual({ against: 'ai 30 giorni precedenti', within: 'nei 30 giorni precedenti' })
    expect(comparisonOf({ from: today, to: today }, today)).toEqual({ against: 'a ieri, giornata intera', within: 'ieri' })
    expect(comparisonOf({ from: '2026-11-01', to: '2026-11-01' }, today)).toEqual({ against: 'al giorno precedente', within: 'nel giorno precedente' })
  })

  it('reads as an arrow and a percentage, "nuovo" where the previous period had none, never a percentage of nothing', () => {
    expect(countChange(112, 100, thirty)).toEqual({ direction: 'up', text: '+12% rispetto ai 30 giorni precedenti' })
    expect(countChange(80, 100, thirty)).toEqual({ direction: 'down', text: '-20% rispetto ai 30 giorni precedenti' })
    expect(countChange(1001, 1000, thirty)).toEqual({ direction: 'up', text: '+0,1% rispetto ai 30 giorni precedenti' })
    expect(countChange(5, 0, thirty)).toEqual({ direction: 'new', text: 'nuovo: 0 nei 30 giorni precedenti' })
    expect(countChange(0, 0, thirty)).toEqual({ direction: 'same', text: 'invariato rispetto ai 30 giorni precedenti' })
    expect(countChange(0, 4, comparisonOf({ from: today, to: today }, today))).toEqual({ direction: 'down', text: '-100% rispetto a ieri, giornata intera' })
  })

  it('gives a rate’s change in percentage points', () => {
    expect(rateChange(0.034, 0.03, thirty)).toEqual({ direction: 'up', text: '+0,4 punti rispetto ai 30 giorni precedenti' })
    expect(rateChange(0.02, 0.03, thirty)).toEqual({ direction: 'down', text: '-1 punto rispetto ai 30 giorni precedenti' })
    expect(rateChange(0.05, null, thirty)).toEqual({ direction: 'new', text: 'nuovo: nessuna visita nei 30 giorni precedenti' })
    expect(rateChange(null, 0.03, thirty)).toBeNull()
  })
})
