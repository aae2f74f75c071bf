import { describe, expect, it } from 'vitest'
import { serveTestDatabase } from '#tests/helpers/test-database.ts'
import { reporterAddress, reporterKey } from './reviews.ts'

const database = serveTestDatabase()

describe('the reporter of a review', () => {
  it('is counted by its IPv4 address, or by the /64 network of an IPv6 one, however it is written', () => {
    expect(reporterAddress('93.41.12.7')).toBe('93.41.12.7')
    expect(reporterAddress('::ffff:93.41.12.7')).toBe('93.41.12.7')
    expect(reporterAddress('::FFFF:93.41.12.7')).toBe('93.41.12.7')
    const network = '2001:db8:a:b::/64'
    for (const address of ['2001:db8:a:b::1', '2001:0db8:000a:000b:ffff:1:2:3', '2001:DB8:A:B:0:0:0:9', '2001:db8:a:b:1::']) {
      expect(reporterAddress(address), address).toBe(network)
    }
    expect(reporterAddress('2001:db8:a:c::1')).not.toBe(network)
    expect(reporterAddress('::1')).toBe('0:0:0:0::/64')
    expect(reporterAddress('unknown')).toBe('unknown')
  })

  it('is stored as a keyed hash: the same for one network, different for another, never the address', async () => {
    const key = await reporterKey(database(), '2001:db8:a:b::1')
    expect(key).toMatch(/^[\w-]{43}$/)
    expect(await reporterKey(database(), '2001:db8:a:b:ffff::2')).toBe(key)
    expect(await reporterKey(database(), '2001:db8:a:c::1')).not.toBe(key)
    expect(await reporterKey(database(), '93.41.12.7')).toBe(await reporterKey(database(), '::ffff:93.41.12.7'))
  })
})
