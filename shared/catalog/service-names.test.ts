import { describe, expect, it } from 'vitest'
import { APPLICATION_SECTORS, findServiceName, quoteServiceOptions, registerSector, serviceNames } from './service-names.ts'
import * as catalog from './index.ts'
import { findService, services } from './services.ts'

describe('service names', () => {
  it('gives every service of the catalogue its id, name and sector, in the same order', () => {
    expect(services.map((s) => ({ id: s.id, name: s.name, sectorName: s.sectorName }))).toEqual(serviceNames)
  })

  it('has unique ids and names', () => {
    expect(new Set(serviceNames.map((s) => s.id)).size).toBe(serviceNames.length)
    expect(new Set(serviceNames.map((s) => s.name)).size).toBe(serviceNames.length)
  })

  it('is what the catalogue exports to the server and the back office', () => {
    expect(catalog.quoteServiceOptions).toBe(quoteServiceOptions)
    expect(catalog.APPLICATION_SECTORS).toBe(APPLICATION_SECTORS)
    expect(catalog.registerSector).toBe(registerSector)
    expect(registerSector('Tappezziere')).toBe('Tapezziere')
    expect(registerSector('Elettricista')).toBe('Elettricista')
    expect(catalog.CONTACT_SERVICE_NAME).toBe('Richiesta di Contatto')
  })

  it('looks names up by id as the catalogue looks services up', () => {
    for (const s of services) expect(findServiceName(s.id)?.name).toBe(findService(s.id)?.name)
    expect(findServiceName('altro')).toBeUndefined()
  })
})
