import { beforeAll, describe, expect, it } from 'vitest'
import { serveSignedIn } from './helpers/admin.ts'
import { addLead, quoteLead } from './helpers/admin-leads.ts'

const ADMIN = { email: 'export@artigianimilano.it', password: 'password sicura 2026' }

const office = serveSignedIn(ADMIN)

beforeAll(async () => {
  await addLead(
    office.server.databasePath,
    quoteLead({ fullName: 'Anna "la Rossa" Bianchi', email: 'anna@example.com', description: 'Prese; interruttori\ne "punti luce"' }),
    [],
    '2026-10-05T08:30:00.000Z',
  )
  await addLead(
    office.server.databasePath,
    quoteLead({
      fullName: '=HYPERLINK("http://evil.example","clic")',
      email: '@evil@example.com',
      phone: '+39 333 1',
      description: '-2+3',
    }),
    [],
    '2026-10-06T08:30:00.000Z',
  )
  await addLead(
    office.server.databasePath,
    quoteLead({ fullName: 'Marco Neri', email: 'marco@example.com', serviceId: 'idraulico', serviceName: 'Idraulico' }),
    [],
    '2026-10-07T08:30:00.000Z',
  )
})

/** Splits the semicolon CSV the way a spreadsheet does: quoted cells may hold separators, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ';') {
      row.push(cell)
      cell = ''
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell)
      rows.push(row)
      row = []
      cell = ''
      i++
    } else cell += ch
  }
  return rows
}

describe('the leads CSV export', () => {
  it('answers 401 without a session', async () => {
    const response = await fetch(`${office.server.url}/admin/export/leads.csv`)
    expect(response.status).toBe(401)
    expect(await response.text()).toBe('Accesso riservato agli amministratori.')
  })

  it('streams the filtered leads as UTF-8 with BOM, semicolons, quotes escaped and formulas neutralised', async () => {
    const response = await fetch(`${office.server.url}/admin/export/leads.csv?service=elettricista&from=2026-10-01&to=2026-10-31`, {
      headers: { cookie: office.cookie },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="preventivi-\d{4}-\d{2}-\d{2}\.csv"/)
    const bytes = Buffer.from(await response.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    const [header, ...rows] = parseCsv(text)
    expect(header!.slice(0, 7)).toEqual(['ID', 'Data richiesta', 'Tipo', 'Nome completo', 'Email', 'Telefono', 'Servizio'])
    expect(rows).toHaveLength(2)
    const [formula, quoted] = rows
    // Newest first; each cell that a spreadsheet would run as a formula starts with an apostrophe.
    expect(formula![3]).toBe(`'=HYPERLINK("http://evil.example","clic")`)
    expect(formula![4]).toBe(`'@evil@example.com`)
    expect(formula![5]).toBe(`'+39 333 1`)
    expect(formula![9]).toBe(`'-2+3`)
    expect(quoted![1]).toBe('05/10/26, 10:30')
    expect(quoted![3]).toBe('Anna "la Rossa" Bianchi')
    expect(quoted![9]).toBe('Prese; interruttori\ne "punti luce"')
    expect(text).toContain('"Anna ""la Rossa"" Bianchi"')
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""clic"")"')
    expect(text).not.toContain('Marco Neri')
  })
})
