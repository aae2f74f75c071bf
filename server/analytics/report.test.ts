import { describe, expect, it } from 'vitest'
import { checkCode } from '#shared/catalog/index.ts'
import { classifyPath, romeMidnight } from './report.ts'

describe('the Statistiche report', () => {
  it('starts an Italian day at its midnight in Milan, also on the days summer time begins and ends', () => {
    expect(new Date(romeMidnight('2026-01-15')).toISOString()).toBe('2026-01-14T23:00:00.000Z')
    expect(new Date(romeMidnight('2026-07-15')).toISOString()).toBe('2026-07-14T22:00:00.000Z')
    expect(new Date(romeMidnight('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z')
    expect(new Date(romeMidnight('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z')
    expect(new Date(romeMidnight('2026-10-25')).toISOString()).toBe('2026-10-24T22:00:00.000Z')
    expect(new Date(romeMidnight('2026-10-26')).toISOString()).toBe('2026-10-25T23:00:00.000Z')
  })

  it('tells each page of the site by its type, service and town', () => {
    expect(classifyPath('/')).toEqual({ type: 'home' })
    expect(classifyPath('/idraulico')).toEqual({ type: 'service', service: 'idraulico' })
    expect(classifyPath('/servizi-casa')).toEqual({ type: 'category' })
    expect(classifyPath('/sesto-san-giovanni')).toEqual({ type: 'town', town: 'sesto-san-giovanni' })
    expect(classifyPath(`/s/idraulico-san-giorgio-su-legnano-${checkCode('idraulico', 'san-giorgio-su-legnano')}`)).toEqual({
      type: 'serviceTown',
      service: 'idraulico',
      town: 'san-giorgio-su-legnano',
    })
    for (const other of ['/contattaci', '/s/astronauta-rho-0001', '/admin', '/idraulico/rho']) expect(classifyPath(other)).toEqual({ type: 'other' })
  })
})
