// npm run db:seed-demo -- --leads N --artisans M [--requesters K] [--db path] [--seed S]
// Fills a database with realistic Italian demo data: leads over the last two years from K people (some ask again), and craftsmen.
import { parseArgs } from 'node:util'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { comuni, services } from '#shared/catalog/index.ts'
import { normalizeZone } from '#server/repositories/artisans.ts'
import { refreshListTotals } from '#server/repositories/admin-leads.ts'
import { rebuildRequesters } from '#server/repositories/requesters.ts'
import { stripAccents } from '#shared/text.ts'

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '1000' },
    artisans: { type: 'string', default: '200' },
    requesters: { type: 'string' },
    db: { type: 'string' },
    seed: { type: 'string', default: '20261122' },
  },
})
const leadCount = Number(values.leads)
const artisanCount = Number(values.artisans)
const requesterCount = Math.max(1, Math.min(leadCount, Number(values.requesters ?? Math.round(leadCount * 0.3))))
if (!Number.isInteger(leadCount) || leadCount < 0 || !Number.isInteger(artisanCount) || artisanCount < 0) {
  console.error('usage: npm run db:seed-demo -- --leads N --artisans M [--requesters K] [--db path]')
  process.exit(2)
}
const databasePath = values.db ?? (await import('#server/env.ts')).loadEnv().DATABASE_PATH

// A small deterministic generator, so that two runs with the same seed give the same database.
let state = Number(values.seed) >>> 0 || 1
function random(): number {
  state ^= state << 13
  state >>>= 0
  state ^= state >>> 17
  state ^= state << 5
  state >>>= 0
  return state / 4294967296
}
const int = (max: number) => Math.floor(random() * max)
const pick = <T>(list: readonly T[]): T => list[int(list.length)]!
// Skewed towards the start of the list: the first entries are the most frequent.
const pickSkewed = <T>(list: readonly T[], power = 2): T => list[Math.floor(random() ** power * list.length)]!

const FIRST_NAMES = (
  'Marco, Giulia, Luca, Francesca, Alessandro, Chiara, Andrea, Sara, Matteo, Valentina, Lorenzo, Martina, Davide, Elena, ' +
  'Simone, Federica, Giovanni, Alessia, Francesco, Silvia, Stefano, Laura, Paolo, Roberta, Riccardo, Elisa, Fabio, Anna, ' +
  'Roberto, Paola, Giuseppe, Cristina, Antonio, Monica, Massimo, Barbara, Nicolò, Beatrice, Gabriele, Ilaria, Tommaso, ' +
  'Noemi, Emanuele, Serena, Daniele, Camilla, Pietro, Greta, Filippo, Aurora, Claudio, Marta, Enrico, Giorgia, Michele, ' +
  'Alice, Vincenzo, Rosa, Salvatore, Lucia'
).split(', ')
const LAST_NAMES = (
  'Rossi, Russo, Ferrari, Esposito, Bianchi, Romano, Colombo, Ricci, Marino, Greco, Bruno, Gallo, Conti, De Luca, Mancini, ' +
  'Costa, Giordano, Rizzo, Lombardi, Moretti, Barbieri, Fontana, Santoro, Mariani, Rinaldi, Caruso, Ferrara, Galli, ' +
  "Martini, Leone, Longo, Gentile, Martinelli, Vitale, Lombardo, Serra, Coppola, De Santis, D'Angelo, Marchetti, Parisi, " +
  'Villa, Conte, Ferraro, Ferri, Fabbri, Bianco, Marini, Grasso, Valentini, Messina, Sala, De Angelis, Gatti, Pellegrini, ' +
  'Palumbo, Sanna, Farina, Rizzi, Monti, Cattaneo, Morelli, Amato, Silvestri, Mazza, Testa, Grassi, Pellegrino, Carbone, ' +
  'Giuliani, Benedetti, Barone, Brambilla'
).split(', ')
const DOMAINS = 'gmail.com, libero.it, hotmail.it, yahoo.it, outlook.it, virgilio.it, alice.it, tiscali.it, icloud.com, fastwebnet.it'.split(', ')
const STREETS = (
  'Via Roma, Via Garibaldi, Via Mazzini, Corso Italia, Via Verdi, Via Manzoni, Viale Europa, Via Dante, Via Cavour, ' +
  'Via Marconi, Via Matteotti, Piazza della Repubblica, Via XX Settembre, Via Milano, Via San Francesco, Viale Lombardia, ' +
  'Via Gramsci, Via Volta, Via Leonardo da Vinci, Corso Buenos Aires, Via Torino, Viale Monza, Via Padova, Via Washington'
).split(', ')
const USER_AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:132.0) Gecko/20100101 Firefox/132.0',
]
const CAMPAIGNS = [
  {
    source: 'google',
    medium: 'cpc',
    campaign: 'preventivi-milano',
    term: 'artigiano milano',
  },
  {
    source: 'facebook',
    medium: 'social',
    campaign: 'primavera-casa',
    term: null,
  },
  { source: 'newsletter', medium: 'email', campaign: 'novembre', term: null },
  {
    source: 'google',
    medium: 'cpc',
    campaign: 'urgenze',
    term: 'pronto intervento',
  },
]
const REQUESTS = [
  'Vorrei un preventivo per un intervento in un appartamento di {m} mq al {p} piano.',
  'Ho bisogno di un {s} per un lavoro urgente, possibilmente entro la settimana.',
  'Casa indipendente su due livelli, chiedo un sopralluogo per valutare il lavoro.',
  'Stiamo ristrutturando il bagno e la cucina, cerchiamo un {s} affidabile.',
  'Condominio di {m} unità: serve un preventivo per le parti comuni.',
  'Negozio al piano terra, orari di apertura 9-19: il lavoro andrebbe fatto di sabato.',
  'Mi serve un {s} per un piccolo intervento, disponibile nel pomeriggio.',
  'Allego le foto della situazione attuale. Preferisco essere contattato dopo le 18.',
]
const SUBJECTS = ['Informazioni sul servizio', 'Collaborazione', 'Richiesta di richiamata', 'Tempi di intervento', 'Zone servite']
const CONTACT_MESSAGES = [
  'Buongiorno, vorrei sapere se coprite anche la mia zona e con quali tempi.',
  'Salve, potete richiamarmi? Ho alcune domande sul funzionamento del servizio.',
  'Vorrei capire come vengono selezionati gli artigiani prima di inviare una richiesta.',
]
const COMPANY_SUFFIXES = ['S.r.l.', 'S.n.c.', 'S.a.s.', 'di {n}', 'Impianti', 'Servizi', '& Figli']
const STATUS_WEIGHTS: Array<[string, number]> = [
  ['nuovo', 0.2],
  ['contattato', 0.25],
  ['sopralluogo fissato', 0.15],
  ['preventivo inviato', 0.15],
  ['acquisito', 0.13],
  ['perso', 0.12],
]
// Phone-first towns: the capital and the large towns get most requests.
const TOWNS = comuni

function weightedStatus(ageDays: number): string {
  // Recent leads are mostly still new.
  if (ageDays < 3) return random() < 0.8 ? 'nuovo' : 'contattato'
  let r = random()
  for (const [status, weight] of STATUS_WEIGHTS) {
    r -= weight
    if (r < 0) return status
  }
  return 'perso'
}

function phone(): string {
  return `+39 3${int(10)}${int(10)} ${String(int(1000)).padStart(3, '0')} ${String(int(10000)).padStart(4, '0')}`
}

function townIndex(): number {
  // About a third of requests come from Milano itself.
  return random() < 0.35 ? 0 : Math.floor(random() ** 1.6 * TOWNS.length)
}

type Person = {
  fullName: string
  email: string
  phone: string
  town: number
  street: string
}

function makePerson(index: number): Person {
  const first = pick(FIRST_NAMES)
  const last = pick(LAST_NAMES)
  const local = stripAccents(`${first}.${last}`)
    .toLowerCase()
    .replace(/[^a-z.]/g, '')
  return {
    fullName: `${first} ${last}`,
    // The index keeps addresses distinct; some people type capitals, which the e-mail comparison ignores.
    email: `${random() < 0.1 ? `${first}.${last}`.replace(/[^A-Za-z.]/g, '') : local}${index}@${pick(DOMAINS)}`,
    phone: phone(),
    town: townIndex(),
    street: `${pick(STREETS)} ${1 + int(180)}`,
  }
}

const started = performance.now()
const { db, sqlite: raw } = openDatabase(databasePath)
await migrateToLatest(db)
// Demo data can be regenerated: trade durability for speed while seeding.
raw.pragma('synchronous = OFF')
raw.pragma('cache_size = -200000')

const now = Date.now()
const TWO_YEARS = 2 * 365 * 24 * 3600 * 1000
const serviceList = services

// Craftsmen first: leads are matched against them.
const insertArtisan = raw.prepare(`INSERT INTO artisans (created_at, updated_at, company_name, vat_number, contact_name, email, phone,
  specialization_sectors, operative_zones, status, notes, profile_image_url, is_verified, description, privacy_consent_at, source)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?)`)
const insertSector = raw.prepare('INSERT OR IGNORE INTO artisan_sectors (artisan_id, sector) VALUES (?, ?)')
const insertZone = raw.prepare('INSERT OR IGNORE INTO artisan_zones (artisan_id, zone, zone_normalized) VALUES (?, ?, ?)')
const artisanIds: number[] = []
raw.transaction(() => {
  for (let i = 0; i < artisanCount; i++) {
    const first = pick(FIRST_NAMES)
    const last = pick(LAST_NAMES)
    const mainService = pickSkewed(serviceList, 1.3)
    const sectors = [...new Set([mainService.sectorName, ...(random() < 0.4 ? [pick(serviceList).sectorName] : [])])]
    const zones = [...new Set([TOWNS[0]!.name, ...Array.from({ length: 2 + int(10) }, () => TOWNS[townIndex()]!.name)])]
    const status = random() < 0.65 ? 'active' : pick(['inactive', 'pending_review', 'rejected'])
    const created = new Date(now - random() * TWO_YEARS).toISOString()
    const suffix = pick(COMPANY_SUFFIXES).replace('{n}', `${first} ${last}`)
    const company = random() < 0.8 ? `${mainService.name} ${last} ${suffix}` : null
    const result = insertArtisan.run(
      created,
      created,
      company,
      company ? String(10_000_000_000 + int(89_999_999_999)).slice(0, 11) : null,
      `${first} ${last}`,
      `${stripAccents(`${first}.${last}`)
        .toLowerCase()
        .replace(/[^a-z.]/g, '')}.artigiano${i}@${pick(DOMAINS)}`,
      phone(),
      JSON.stringify(sectors),
      JSON.stringify(zones),
      status,
      random() < 0.2 ? 'Disponibile anche il sabato mattina.' : null,
      status === 'active' && random() < 0.6 ? 1 : 0,
      random() < 0.5 ? created : null,
      random() < 0.5 ? 'application' : 'admin',
    )
    const id = Number(result.lastInsertRowid)
    artisanIds.push(id)
    for (const sector of sectors) insertSector.run(id, sector)
    for (const zone of zones) insertZone.run(id, zone, normalizeZone(zone))
  }
})()

const people: Person[] = Array.from({ length: requesterCount }, (_, i) => makePerson(i))
const owners = new Int32Array(leadCount)
const regulars = Math.max(1, Math.floor(requesterCount / 100))
// Every person once, then repeat requests: most from anyone, some from a small group of regulars (property managers).
for (let i = 0; i < leadCount; i++) owners[i] = i < requesterCount ? i : random() < 0.9 ? int(requesterCount) : int(regulars)
for (let i = leadCount - 1; i > 0; i--) {
  const j = int(i + 1)
  const swap = owners[i]!
  owners[i] = owners[j]!
  owners[j] = swap
}

const insertLead = raw.prepare(`INSERT INTO leads (kind, created_at, updated_at, full_name, email, email_normalized, phone, service_id,
  service_name, subject, location_label, place_id, comune_slug, description, ip_address, user_agent, from_page,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, status, notes)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
const insertAttachment = raw.prepare('INSERT INTO lead_attachments (lead_id, file_name, content_type, size, content, created_at) VALUES (?, ?, ?, ?, ?, ?)')
const insertAssignment = raw.prepare(
  'INSERT OR IGNORE INTO lead_assignments (lead_id, artisan_id, assigned_at, assigned_by, email_outbox_id) VALUES (?, ?, ?, NULL, NULL)',
)
const photo = Buffer.from('%PDF-1.4\n% demo sopralluogo\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const bySector = new Map<string, number[]>()
for (const row of raw.prepare('SELECT artisan_id, sector FROM artisan_sectors').all() as Array<{ artisan_id: number; sector: string }>) {
  bySector.set(row.sector, [...(bySector.get(row.sector) ?? []), row.artisan_id])
}

// Bulk load: the per-row triggers (search index, requesters) are set aside and their tables rebuilt once at the end, far faster.
const triggers = raw.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('leads', 'requesters')").all() as Array<{
  name: string
  sql: string
}>
for (const trigger of triggers) raw.exec(`DROP TRIGGER "${trigger.name}"`)
try {
  const BATCH = 50_000
  let phaseStarted = performance.now()
  const seconds = () => {
    const elapsed = ((performance.now() - phaseStarted) / 1000).toFixed(1)
    phaseStarted = performance.now()
    return elapsed
  }
  const step = TWO_YEARS / Math.max(1, leadCount)
  for (let start = 0; start < leadCount; start += BATCH) {
    raw.transaction(() => {
      for (let i = start; i < Math.min(leadCount, start + BATCH); i++) {
        const person = people[owners[i]!]!
        // In arrival order, so ids grow with the date as they do in production.
        const createdAt = new Date(now - TWO_YEARS + i * step + random() * step).toISOString()
        const ageDays = (now - Date.parse(createdAt)) / 86_400_000
        const town = TOWNS[random() < 0.85 ? person.town : townIndex()]!
        const isContact = random() < 0.08
        const service = isContact ? null : random() < 0.03 ? null : pickSkewed(serviceList, 1.5)
        const campaign = random() < 0.3 ? pick(CAMPAIGNS) : null
        const status = weightedStatus(ageDays)
        const description = isContact
          ? pick(CONTACT_MESSAGES)
          : pick(REQUESTS)
              .replace('{m}', String(30 + int(150)))
              .replace('{p}', String(int(8)))
              .replace('{s}', (service?.name ?? 'professionista').toLowerCase())
        const result = insertLead.run(
          isContact ? 'contact' : 'quote',
          createdAt,
          createdAt,
          person.fullName,
          random() < 0.05 ? person.email.toUpperCase() : person.email,
          person.email.trim().toLowerCase(),
          isContact && random() < 0.5 ? null : person.phone,
          isContact ? null : (service?.id ?? 'altro'),
          isContact ? 'Richiesta di Contatto' : (service?.name ?? 'Altro'),
          isContact ? pick(SUBJECTS) : null,
          isContact ? null : `${person.street}, ${town.name} MI, Italia`,
          isContact ? null : `comune-${town.slug}`,
          isContact ? null : town.slug,
          description,
          `${79 + int(15)}.${int(256)}.${int(256)}.${int(256)}`,
          pick(USER_AGENTS),
          isContact ? '/contattaci' : service ? `/${service.id}` : `/${town.slug}`,
          campaign?.source ?? null,
          campaign?.medium ?? null,
          campaign?.campaign ?? null,
          campaign?.term ?? null,
          null,
          status,
          status !== 'nuovo' && random() < 0.3 ? 'Richiamato, preferisce essere contattato la sera.' : null,
        )
        const leadId = Number(result.lastInsertRowid)
        if (!isContact && random() < 0.01) insertAttachment.run(leadId, `foto-${leadId}.pdf`, 'application/pdf', photo.length, photo, createdAt)
        if (service && status !== 'nuovo' && status !== 'contattato') {
          const candidates = bySector.get(service.sectorName) ?? []
          for (let k = 0, n = Math.min(candidates.length, 1 + int(3)); k < n; k++) {
            insertAssignment.run(leadId, pick(candidates), createdAt)
          }
        }
      }
    })()
    process.stdout.write(`\r${Math.min(leadCount, start + BATCH).toLocaleString('it-IT')} / ${leadCount.toLocaleString('it-IT')} preventivi`)
  }
  process.stdout.write(`\n  rows written in ${seconds()} s\n`)
  raw.exec("INSERT INTO leads_search (leads_search) VALUES ('rebuild')")
  console.log(`  search index built in ${seconds()} s`)
  await rebuildRequesters(db)
  console.log(`  requesters built in ${seconds()} s`)
  await refreshListTotals(db)
} finally {
  for (const trigger of triggers) raw.exec(trigger.sql)
}
// Sampled statistics: enough for the planner, seconds instead of minutes on a large file.
raw.pragma('analysis_limit = 1000')
raw.exec('ANALYZE')
raw.exec("INSERT INTO leads_search (leads_search) VALUES ('optimize')")
raw.exec("INSERT INTO requesters_search (requesters_search) VALUES ('optimize')")
raw.pragma('wal_checkpoint(TRUNCATE)')
const counts = raw
  .prepare('SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM requesters) AS requesters, (SELECT count(*) FROM artisans) AS artisans')
  .get()
await db.destroy()
console.log(`seeded ${databasePath}: ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
