import { describe, expect, it } from 'vitest'
import { opensInBrowser } from '#shared/schemas/attachments.ts'
import { csvCell, FORMULA_START } from '#shared/csv.ts'
import { contentDisposition } from './admin-downloads.ts'

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas, whatever character starts them', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      for (const rest of ['SUM(A1:A2)', 'HYPERLINK("http://evil.example","clic")', '1+1', '39 333 1234567x', "cmd|' /C calc'!A0", '']) {
        const formula = `${start}${rest}`
        expect(FORMULA_START.test(formula)).toBe(true)
        expect(csvCell(formula).replace(/^"/, '')).toMatch(/^'/)
      }
    }
    expect(csvCell('=SUM(A1:A2)')).toBe(`'=SUM(A1:A2)`)
    expect(csvCell('+39 333 1234567+1')).toBe(`'+39 333 1234567+1`)
    expect(csvCell('-2+3')).toBe(`'-2+3`)
    expect(csvCell('\tcmd')).toBe(`'\tcmd`)
    expect(csvCell('Mario = Rossi')).toBe('Mario = Rossi')
  })

  it('leaves a phone number of digits and spaces after a leading + as written: no formula can be made of them', () => {
    for (const phone of ['+39 333 1234567', '+393331234567', '02 1234 5678', '3331234567']) expect(csvCell(phone)).toBe(phone)
    // Anything else after the '+' is a formula to a spreadsheet, phone-like or not.
    for (const formula of ['+39-333', '+39 (0)2 1234', '+1+1', '+39 333\t1', '++39 333', '+', '-39 333', '@39']) expect(csvCell(formula)).toBe(`'${formula}`)
  })

  it('quotes separators, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('a;b')).toBe('"a;b"')
    expect(csvCell('Anna "la Rossa"')).toBe('"Anna ""la Rossa"""')
    expect(csvCell('riga 1\nriga 2')).toBe('"riga 1\nriga 2"')
    expect(csvCell('=A1;"x"')).toBe('"\'=A1;""x"""')
  })

  it('writes empty cells for missing values and numbers as they are', () => {
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(42)).toBe('42')
  })
})

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('foto è "bella".png')).toBe(`attachment; filename="foto _ _bella_.png"; filename*=UTF-8''foto%20%C3%A8%20%22bella%22.png`)
  })

  it('shows images and PDFs in the browser and has everything else saved', () => {
    expect(contentDisposition('foto.png', 'inline')).toBe(`inline; filename="foto.png"; filename*=UTF-8''foto.png`)
    for (const type of ['image/png', 'image/jpeg', 'IMAGE/WEBP', 'application/pdf']) expect(opensInBrowser(type)).toBe(true)
    for (const type of ['image/svg+xml', 'image/tiff', 'text/plain; charset=utf-8', 'text/html', 'application/msword']) expect(opensInBrowser(type)).toBe(false)
  })
})
