import { describe, expect, it } from 'vitest'
import { romeDayStart } from '#shared/italian-time.ts'
import { leadSector, leadComune } from './matching.ts'

describe('leadComune', () => {
  it('uses the comune of the place, else the longest comune named in the address', () => {
    expect(leadComune({ comune_slug: 'rho', location_label: 'Via Roma 1, Milano' })?.name).toBe('Rho')
    expect(leadComune({ comune_slug: null, location_label: 'Via Emilia 3, 20097 San Donato Milanese MI, Italia' })?.name).toBe('San Donato Milanese')
    expect(leadComune({ comune_slug: null, location_label: 'Corso Buenos Aires 1, Milano MI, Italia' })?.name).toBe('Milano')
    expect(leadComune({ comune_slug: null, location_label: 'Via Roma 1, Bergamo BG, Italia' })).toBeUndefined()
    expect(leadComune({ comune_slug: null, location_label: null })).toBeUndefined()
  })
})

describe('leadSector', () => {
  it('maps the service to the craftsmen register spelling', () => {
    expect(leadSector({ service_id: 'tappezziere' })).toBe('Tapezziere')
    expect(leadSector({ service_id: 'elettricista' })).toBe('Elettricista')
    expect(leadSector({ service_id: 'altro' })).toBeUndefined()
    expect(leadSector({ service_id: null })).toBeUndefined()
  })
})

describe('romeDayStart', () => {
  // Winter time, summer time, and the days the clocks go forward (29 March) and back (25 October).
  it.each([
    ['2026-01-15', '2026-01-14T23:00:00.000Z'],
    ['2026-07-15', '2026-07-14T22:00:00.000Z'],
    ['2026-03-29', '2026-03-28T23:00:00.000Z'],
    ['2026-10-25', '2026-10-24T22:00:00.000Z'],
    ['2026-10-26', '2026-10-25T23:00:00.000Z'],
  ])('starts %s at midnight in Milan (%s)', (day, instant) => {
    expect(romeDayStart(day)).toBe(instant)
  })
})
