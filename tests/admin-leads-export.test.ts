import { strFromU8, unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { XLSX_MAX_CHARACTERS, XLSX_TOO_BIG } from '#shared/leads-export.ts'
import { serveSignedIn } from './helpers/admin.ts'
import { addLead, quoteLead } from './helpers/admin-leads.ts'
import { changeRows, changeRowsForEach, readRows } from './helpers/database.ts'

const ADMIN = { email: 'export@artigianimilano.it', password: 'password sicura 2026' }

const office = serveSignedIn(ADMIN)

/** The office's download of the leads in `format`, signed in unless told otherwise. */
const download = (format: 'csv' | 'xlsx', query = '', cookie = office.cookie) =>
  fetch(`${office.server.url}/admin/export/leads.${format}${query ? `?${query}` : ''}`, cookie ? { headers: { cookie } } : {})
const OCTOBER_ELECTRICIANS = 'service=elettricista&from=2026-10-01&to=2026-10-31'

/** The October electricians in `format`: a file of `contentType` to save, named after the day. */
async function downloadOctoberElectricians(format: 'csv' | 'xlsx', contentType: string) {
  const response = await download(format, OCTOBER_ELECTRICIANS)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe(contentType)
  expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^attachment; filename="preventivi-\\d{4}-\\d{2}-\\d{2}\\.${format}"`))
  return response
}

function answers401WithoutSession(format: 'csv' | 'xlsx') {
  it('answers 401 without a session', async () => {
    const response = await download(format, '', '')
    expect(response.status).toBe(401)
    expect(await response.text()).toBe('Accesso riservato agli amministratori.')
  })
}

/** Adds `count` copies of the first lead with their texts as long as the forms and the office allow, a second apart in `year`. */
function addLongLeads(count: number, year: number) {
  const template = readRows<Record<string, unknown>>(office.server.databasePath, 'select * from leads order by id limit 1')[0]!
  const columns = Object.keys(template).filter((column) => column !== 'id')
  const long = { description: 'd'.repeat(5000), notes: 'n'.repeat(5000), from_page: `https://www.artigianimilano.it/${'p'.repeat(1960)}` }
  changeRowsForEach(
    office.server.databasePath,
    `insert into leads (${columns.join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    Array.from({ length: count }, (_, i) =>
      columns.map((column) =>
        column === 'created_at' ? new Date(Date.UTC(year, 0, 1, 0, 0, i)).toISOString() : (long[column as keyof typeof long] ?? template[column]),
      ),
    ),
  )
  return long
}

beforeAll(async () => {
  await addLead(
    office.server.databasePath,
    quoteLead({
      fullName: 'Anna "la Rossa" Bianchi',
      email: 'anna@example.com',
      description: 'Prese; interruttori\ne "punti luce"',
      street: 'Via Roma 10',
      answers: { intervento: 'punti-luce', superficie: 70 },
      timing: 'urgente',
    }),
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
      subject: '@SUM(1+1)*cmd|" /C calc"!A0',
      locationLabel: '+39 333 1+1',
      fromPage: '\t=1+1',
    }),
    [],
    '2026-10-06T08:30:00.000Z',
  )
  changeRows(office.server.databasePath, "update leads set status = 'sopralluogo fissato', notes = '-1+1' where email = '@evil@example.com'")
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
  answers401WithoutSession('csv')

  it('streams the filtered leads as UTF-8 with BOM, semicolons, quotes escaped and formulas neutralised', async () => {
    const response = await downloadOctoberElectricians('csv', 'text/csv; charset=utf-8')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = bytes.subarray(3).toString('utf8')
    const [header, ...rows] = parseCsv(text)
    expect(header!.slice(0, 12)).toEqual([
      'ID',
      'Data richiesta',
      'Tipo',
      'Nome completo',
      'Email',
      'Telefono',
      'Servizio',
      'Oggetto',
      'Indirizzo',
      'Comune',
      'Descrizione',
      'Stato',
    ])
    expect(rows).toHaveLength(2)
    const [formula, quoted] = rows
    // Newest first; each cell that a spreadsheet would run as a formula starts with an apostrophe.
    expect(formula![3]).toBe(`'=HYPERLINK("http://evil.example","clic")`)
    expect(formula![4]).toBe(`'@evil@example.com`)
    // A phone of digits and spaces after a '+' is no formula: it stays as typed, without an apostrophe to show.
    expect(formula![5]).toBe('+39 333 1')
    expect(formula![7]).toBe(`'@SUM(1+1)*cmd|" /C calc"!A0`)
    // A lead from before the street was asked: its place's label in Indirizzo; the street and the comune apart after it.
    expect(formula![8]).toBe(`'+39 333 1+1`)
    expect(formula![9]).toBe('Sesto San Giovanni')
    expect([quoted![8], quoted![9]]).toEqual(['Via Roma 10', 'Sesto San Giovanni'])
    expect(formula![10]).toBe(`'-2+3`)
    expect(formula![12]).toBe(`'-1+1`)
    expect(formula![13]).toBe(`'\t=1+1`)
    // The status as the screens name it, not its key.
    expect(formula![11]).toBe('Sopralluogo fissato')
    expect(quoted![11]).toBe('Nuovo')
    expect(quoted![1]).toBe('05/10/26, 10:30')
    expect(quoted![3]).toBe('Anna "la Rossa" Bianchi')
    expect(quoted![10]).toBe('Prese; interruttori\ne "punti luce"')
    expect(text).toContain('"Anna ""la Rossa"" Bianchi"')
    expect(text).toContain('"\'=HYPERLINK(""http://evil.example"",""clic"")"')
    expect(text).not.toContain('Marco Neri')
    // The questionnaire last: "Quando" and the answers in the catalogue's words, a line each; empty without them.
    expect(header!.slice(-2)).toEqual(['Quando', 'Risposte'])
    expect(quoted!.slice(-2)).toEqual(['Urgente', "Tipo di intervento: Nuove prese o punti luce\nSuperficie dell'immobile: 70 m²"])
    expect(formula!.slice(-2)).toEqual(['', ''])
  })

  it('filters by "Quando", as the list does', async () => {
    const csv = async (query: string) => {
      const response = await download('csv', query)
      return parseCsv(
        Buffer.from(await response.arrayBuffer())
          .subarray(3)
          .toString('utf8'),
      )
        .slice(1)
        .filter((row) => row.length > 1)
    }
    expect((await csv('timing=urgente')).map((row) => row[3])).toEqual(['Anna "la Rossa" Bianchi'])
    expect(await csv('timing=entro-3-mesi')).toEqual([])
    // An unknown value is no filter at all, like the other selects'.
    expect(await csv('timing=ieri')).toHaveLength(3)
    const list = await office.trpc.admin.leads.list.query({ timing: 'urgente' })
    expect(list.rows.map((row) => row.full_name)).toEqual(['Anna "la Rossa" Bianchi'])
    expect(list.total).toBe(1)
    expect((await office.trpc.admin.leads.list.query({ timing: 'urgente', name: 'Anna' })).total).toBe(1)
    expect((await office.trpc.admin.leads.list.query({ timing: 'urgente', name: 'Marco' })).total).toBe(0)
  })
})

/** The cells of an .xlsx's only sheet by reference (A1, B2…), read from its XML: each with its type, value and formula. */
function readWorkbook(bytes: Uint8Array) {
  const files = unzipSync(bytes)
  const xmlText = (xml: string) => xml.replace(/&(lt|gt|quot|apos|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!)
  const shared = [...strFromU8(files['xl/sharedStrings.xml']!).matchAll(/<si><t[^>]*>([\s\S]*?)<\/t><\/si>/g)].map((m) => xmlText(m[1]!))
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
  const cells = new Map<string, { type: string | undefined; value: string; formula: boolean }>()
  for (const [, ref, attributes, inner] of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const type = /\bt="(\w+)"/.exec(attributes!)?.[1]
    const raw = /<v>([\s\S]*?)<\/v>/.exec(inner ?? '')?.[1] ?? ''
    cells.set(ref!, { type, value: type === 's' ? shared[Number(raw)]! : xmlText(raw), formula: /<f[\s>]/.test(inner ?? '') })
  }
  return { files, sheet, cells, text: (ref: string) => cells.get(ref)?.value }
}

describe('the leads spreadsheet export', () => {
  answers401WithoutSession('xlsx')

  it('is an .xlsx of text cells with the labels of the screens, where a formula-looking value is text and nothing runs', async () => {
    const response = await downloadOctoberElectricians('xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const book = readWorkbook(new Uint8Array(await response.arrayBuffer()))
    // No formula anywhere, no cached result of one, no macro or external link part.
    expect(book.sheet).not.toMatch(/<f[\s>]/)
    expect(Object.keys(book.files).filter((name) => /vbaProject|externalLink|connections/i.test(name))).toEqual([])
    expect(['A1', 'B1', 'C1', 'D1', 'E1', 'F1', 'I1', 'J1', 'L1'].map(book.text)).toEqual([
      'ID',
      'Data richiesta',
      'Tipo',
      'Nome completo',
      'Email',
      'Telefono',
      'Indirizzo',
      'Comune',
      'Stato',
    ])
    // Newest first: the hostile lead in row 2, Anna in row 3, the plumber filtered out.
    expect(book.cells.get('A2')).toEqual({ type: undefined, value: expect.stringMatching(/^\d+$/), formula: false })
    const row2 = Object.fromEntries(['B', 'C', 'D', 'E', 'F', 'H', 'I', 'J', 'K', 'L', 'M', 'N'].map((column) => [column, book.cells.get(`${column}2`)]))
    expect(Object.values(row2).every((cell) => cell?.type === 's' && !cell.formula)).toBe(true)
    expect(Object.fromEntries(Object.entries(row2).map(([column, cell]) => [column, cell!.value]))).toEqual({
      B: '06/10/26, 10:30',
      C: 'Preventivo',
      D: '=HYPERLINK("http://evil.example","clic")',
      E: '@evil@example.com',
      F: '+39 333 1',
      H: '@SUM(1+1)*cmd|" /C calc"!A0',
      I: '+39 333 1+1',
      J: 'Sesto San Giovanni',
      K: '-2+3',
      L: 'Sopralluogo fissato',
      M: '-1+1',
      N: '\t=1+1',
    })
    expect(['D3', 'I3', 'J3', 'K3', 'L3'].map(book.text)).toEqual([
      'Anna "la Rossa" Bianchi',
      'Via Roma 10',
      'Sesto San Giovanni',
      'Prese; interruttori\ne "punti luce"',
      'Nuovo',
    ])
    expect([...book.cells.values()].some((cell) => cell.value === 'Marco Neri')).toBe(false)
  })

  it('refuses a selection too large to build in memory with what to do instead, and the narrower period still downloads', async () => {
    // Requests written to the longest the forms and the office allow, until their text passes the bound.
    addLongLeads(Math.ceil(XLSX_MAX_CHARACTERS / 12_000), 2025)
    const response = await download('xlsx')
    expect(response.status).toBe(400)
    expect(await response.text()).toBe(XLSX_TOO_BIG)
    const october = await download('xlsx', 'from=2026-10-01&to=2026-10-31')
    expect(october.status).toBe(200)
    expect(readWorkbook(new Uint8Array(await october.arrayBuffer())).text('D4')).toBe('Anna "la Rossa" Bianchi')
  })

  it('is built in a worker thread: while a workbook near the limits is being built the server answers its health check and pages', async () => {
    // Requests as long as the forms allow, in a year of their own, as many as the limit on text lets into one workbook.
    const count = Math.floor(XLSX_MAX_CHARACTERS / 12_500)
    const long = addLongLeads(count, 2024)
    const building = (line: string) => line.includes('building the leads XLSX in a worker thread') && line.includes(`"rows":${count},`)
    let exportAnswered = false
    const exported = download('xlsx', 'from=2024-01-01&to=2024-12-31').then((response) => {
      exportAnswered = true
      return response
    })
    // The rows are read; from here the server used to build the file on its only event loop and answer nothing else.
    await expect.poll(() => office.server.logs.some(building)).toBe(true)
    const [health, page] = await Promise.all([fetch(`${office.server.url}/healthz`), fetch(`${office.server.url}/`)])
    expect([health.status, page.status, exportAnswered]).toEqual([200, 200, false])
    const response = await exported
    expect(response.status).toBe(200)
    const book = readWorkbook(new Uint8Array(await response.arrayBuffer()))
    expect([book.text(`K${count + 1}`), book.text(`A${count + 2}`)]).toEqual([long.description, undefined])
  })
})
