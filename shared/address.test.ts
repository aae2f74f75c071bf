import { describe, expect, it } from 'vitest'
import { comuni } from './catalog/comuni.ts'
import { leadAddress, placeAddress } from './address.ts'

const google = (label: string) => placeAddress({ label, placeId: 'ChIJ-qualcosa' })
const read = (label: string) => {
  const { comune, street } = google(label)
  return { comune: comune?.slug ?? null, street }
}

describe('placeAddress', () => {
  it('takes a catalogue place as its comune, with no street', () => {
    for (const comune of comuni) expect(placeAddress({ label: `${comune.name}, MI, Italia`, placeId: `comune-${comune.slug}` }).comune).toBe(comune)
    expect(placeAddress({ label: 'Atlantide, MI, Italia', placeId: 'comune-atlantide' })).toEqual({ comune: undefined, street: '' })
  })

  it('splits an address from Google into the comune it names in the province and the street before it', () => {
    expect(read('Via Roma, 1, Sesto San Giovanni, MI, Italia')).toEqual({ comune: 'sesto-san-giovanni', street: 'Via Roma, 1' })
    expect(read('Via Roma 1, Rho MI, Italia')).toEqual({ comune: 'rho', street: 'Via Roma 1' })
    expect(read('Via Giuseppe Garibaldi, 7, 20092 Cinisello Balsamo MI, Italia')).toEqual({ comune: 'cinisello-balsamo', street: 'Via Giuseppe Garibaldi, 7' })
    expect(read('Corso Buenos Aires, 1, Milano, MI, Italia')).toEqual({ comune: 'milano', street: 'Corso Buenos Aires, 1' })
    // Accents, apostrophes and case as people and Google write them.
    expect(read('Via Roma 3, Cassina De’ Pecchi MI, Italia')).toEqual({ comune: 'cassina-de-pecchi', street: 'Via Roma 3' })
    expect(read('Piazza della Repubblica, Trezzano Rosa, Italia')).toEqual({ comune: 'trezzano-rosa', street: 'Piazza della Repubblica' })
    // A comune alone.
    expect(read('Legnano, MI, Italia')).toEqual({ comune: 'legnano', street: '' })
  })

  it('names no comune for an address outside the province, or one whose comune is not in the catalogue', () => {
    // 'Milano' in the street's name is not the comune.
    expect(read('Via Milano 5, 24122 Bergamo BG, Italia')).toEqual({ comune: null, street: '' })
    expect(read('Via Roma 1, Monza MB, Italia')).toEqual({ comune: null, street: '' })
    expect(read('Via Roma 1, Rho, Italia, BG')).toEqual({ comune: null, street: '' })
    expect(read('Via Inesistente 4, Paperopoli, Italia')).toEqual({ comune: null, street: '' })
    expect(read('')).toEqual({ comune: null, street: '' })
    expect(read(',,,')).toEqual({ comune: null, street: '' })
  })

  it('keeps the street it finds within the 120 characters the form allows', () => {
    expect(google(`${'Via Lunghissima '.repeat(20)}, Rho MI, Italia`).street.length).toBe(120)
  })
})

describe('leadAddress', () => {
  it('joins street and comune; an older lead keeps its place label', () => {
    expect(leadAddress({ street: 'Via Roma 10', comune_slug: 'rho', location_label: 'Rho, MI, Italia' })).toBe('Via Roma 10, Rho')
    expect(leadAddress({ street: null, comune_slug: 'rho', location_label: 'Via Roma 10, Rho MI, Italia' })).toBe('Via Roma 10, Rho MI, Italia')
    expect(leadAddress({ street: null, comune_slug: null, location_label: null })).toBeNull()
  })
})
