import { describe, expect, it } from 'vitest'
import { APPLICATION_SECTORS, artisanApplicationSchema, registerSector } from './artisan-application.ts'
import { ARTISAN_SECTORS } from './artisan.ts'

describe('the sectors of the public application form', () => {
  it("are the services' names: 'Tappezziere', never the register's 'Tapezziere'", () => {
    expect(APPLICATION_SECTORS).toHaveLength(29)
    expect(APPLICATION_SECTORS).toContain('Tappezziere')
    expect(APPLICATION_SECTORS).not.toContain('Tapezziere')
    const sectors = artisanApplicationSchema.shape.specializationSectors
    expect(sectors.safeParse(['Tappezziere', 'Elettricista']).success).toBe(true)
    expect(sectors.safeParse(['Tapezziere']).success).toBe(false)
  })

  it("are stored as the register's sectors", () => {
    expect(registerSector('Tappezziere')).toBe('Tapezziere')
    expect(registerSector('Tecnico Caldaie')).toBe('Tecnico Caldaie')
    expect(APPLICATION_SECTORS.map(registerSector).sort()).toEqual([...ARTISAN_SECTORS].sort())
  })
})
