import { describe, expect, it } from 'vitest'
import { rateInWords, segmentInWords, sendingTime, sendQuestion, storedSegmentInWords } from './segment-words.ts'

describe('a campaign in words', () => {
  it('asks with the exact number, grouped and in the right number', () => {
    expect(sendQuestion(6002)).toBe('Inviare a 6.002 destinatari?')
    expect(sendQuestion(1)).toBe('Inviare a 1 destinatario?')
  })

  it('says how long the sending takes at the configured rate', () => {
    expect(sendingTime(20, 20)).toBe('meno di un minuto')
    expect(sendingTime(6002, 14)).toBe('circa 8 minuti')
    expect(sendingTime(61, 1)).toBe('circa 2 minuti')
    expect(sendingTime(6002, 1)).toBe('circa 1 ora e 41 minuti')
    expect(sendingTime(7200, 1)).toBe('circa 2 ore')
    expect(sendingTime(3660, 1)).toBe('circa 1 ora e 1 minuto')
    expect(rateInWords(1)).toBe('1 email al secondo')
    expect(rateInWords(0.5)).toBe('0,5 email al secondo')
  })

  it('names the segment as chosen, the whole group only when nothing narrows it', () => {
    expect(segmentInWords('artisans', {})).toBe('Tutti gli artigiani')
    expect(segmentInWords('users', { services: [], towns: [] })).toBe('Tutti gli utenti')
    expect(segmentInWords('artisans', { sectors: ['Elettricista'] })).toBe('Artigiani · settore Elettricista')
    expect(segmentInWords('artisans', { sectors: ['Elettricista', 'Fabbro'], zones: ['Rho'], statuses: ['active', 'pending_review'] })).toBe(
      'Artigiani · settori Elettricista, Fabbro · zona Rho · stati Attivo, In revisione',
    )
    expect(
      segmentInWords('users', {
        categories: ['servizi-casa'],
        services: ['imbianchino', 'altro'],
        towns: ['sesto-san-giovanni'],
        from: '2026-01-01',
        to: '2026-03-31',
      }),
    ).toBe('Utenti · categoria Servizi per la Casa · servizi Imbianchino, Altro · comune Sesto San Giovanni · richieste dal 01/01/2026 al 31/03/2026')
    expect(storedSegmentInWords('users', '{"towns":["rho","milano"]}')).toBe('Utenti · comuni Rho, Milano')
    expect(storedSegmentInWords('artisans', 'not json')).toBe('Tutti gli artigiani')
  })
})
