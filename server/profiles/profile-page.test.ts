import { describe, expect, it } from 'vitest'
import { responseTimeWords, yearsInNetworkWords } from './profile-page.ts'

const HOUR = 3_600_000

describe('responseTimeWords', () => {
  it.each([
    [5 * 60_000, "Risponde di solito entro un'ora"],
    [HOUR, "Risponde di solito entro un'ora"],
    [HOUR + 1, 'Risponde di solito entro 2 ore'],
    [2.5 * HOUR, 'Risponde di solito entro 3 ore'],
    [24 * HOUR, 'Risponde di solito entro 24 ore'],
    [24 * HOUR + 1, 'Risponde di solito entro 2 giorni'],
    [10 * 24 * HOUR, 'Risponde di solito entro 10 giorni'],
  ])('%d ms reads "%s" (rounded up: a promise, not an average)', (ms, words) => {
    expect(responseTimeWords(ms)).toBe(words)
  })
})

describe('yearsInNetworkWords', () => {
  const now = new Date('2026-11-26T12:00:00Z')
  it.each([
    ['2026-03-01T00:00:00Z', 'Nella rete da meno di un anno'],
    ['2025-11-27T00:00:00Z', 'Nella rete da meno di un anno'],
    ['2025-11-26T00:00:00Z', 'Nella rete da 1 anno'],
    ['2024-12-01T00:00:00Z', 'Nella rete da 1 anno'],
    ['2020-01-15T00:00:00Z', 'Nella rete da 6 anni'],
  ])('joined %s: "%s" (whole years, counted on the anniversary)', (joined, words) => {
    expect(yearsInNetworkWords(joined, now)).toBe(words)
  })
})
