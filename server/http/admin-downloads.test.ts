import { describe, expect, it } from 'vitest'
import { opensInBrowser } from '#shared/schemas/attachments.ts'
import { csvCell } from '#shared/csv.ts'
import { contentDisposition } from './admin-downloads.ts'

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const formula of ['=SUM(A1:A2)', '+39 333 1234567', '-2+3', '@cmd', '\tcmd']) expect(csvCell(formula)).toBe(`'${formula}`)
    expect(csvCell('Mario = Rossi')).toBe('Mario = Rossi')
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
