import { describe, expect, it } from 'vitest'
import { loadEnv } from './env.ts'

describe('INSTANCE_SILENT_AFTER_SECONDS', () => {
  it('is 30 unless set, and takes whole seconds from 1 to 3600', () => {
    expect(loadEnv({}).INSTANCE_SILENT_AFTER_SECONDS).toBe(30)
    expect(loadEnv({ INSTANCE_SILENT_AFTER_SECONDS: '1' }).INSTANCE_SILENT_AFTER_SECONDS).toBe(1)
    expect(loadEnv({ INSTANCE_SILENT_AFTER_SECONDS: '3600' }).INSTANCE_SILENT_AFTER_SECONDS).toBe(3600)
  })

  it('refuses anything else, naming the variable and the value', () => {
    for (const [value, message] of [
      ['0', 'Too small: expected number to be >=1 (got "0")'],
      ['', 'Too small: expected number to be >=1 (got "")'],
      ['2.5', 'Invalid input: expected int, received number (got "2.5")'],
      ['abc', 'Invalid input: expected number, received NaN (got "abc")'],
      ['3601', 'Too big: expected number to be <=3600 (got "3601")'],
    ]) {
      expect(() => loadEnv({ INSTANCE_SILENT_AFTER_SECONDS: value }), value).toThrow(`Invalid environment variable INSTANCE_SILENT_AFTER_SECONDS: ${message}`)
    }
  })
})
