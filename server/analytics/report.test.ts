import { describe, expect, it } from 'vitest'
import { checkCode } from '#shared/catalog/index.ts'
import { classifyPath } from './report.ts'

describe('the Statistiche report', () => {
  it('tells each page of the site by its type, service and town', () => {
    expect(classifyPath('/')).toEqual({ type: 'home' })
    expect(classifyPath('/idraulico')).toEqual({ type: 'service', service: 'idraulico' })
    expect(classifyPath('/servizi-casa')).toEqual({ type: 'category' })
    expect(classifyPath('/sesto-san-giovanni')).toEqual({ type: 'comune', comune: 'sesto-san-giovanni' })
    expect(classifyPath(`/s/idraulico-san-giorgio-su-legnano-${checkCode('idraulico', 'san-giorgio-su-legnano')}`)).toEqual({
      type: 'serviceInComune',
      service: 'idraulico',
      comune: 'san-giorgio-su-legnano',
    })
    for (const other of ['/contattaci', '/s/astronauta-rho-0001', '/admin', '/idraulico/rho']) expect(classifyPath(other)).toEqual({ type: 'other' })
  })
})
