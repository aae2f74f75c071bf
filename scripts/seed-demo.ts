// npm run db:seed-demo -- --leads N --artisans M [--requesters K] [--profiles P] [--reviews R] [--db path] [--seed S]
// Fills a database with realistic Italian demo data: leads over the last two years from K people (some ask again), and craftsmen.
// About one in twelve of the N requests is a message to the office (/contattaci), stored as such rather than as a lead.
// Then up to P active craftsmen get a published public profile (consent, checks, description, photos) and the newest R
// ratings of those craftsmen become their reviews (docs/product.md §11).
import { createHash } from 'node:crypto'
import { parseArgs } from 'node:util'
import sharp from 'sharp'
import { openDatabase } from '#db/client.ts'
import { migrateToLatest } from '#db/migrate.ts'
import { categories, comuni, serviceInComunePath, services } from '#shared/catalog/index.ts'
import { normalizeZone } from '#server/repositories/artisans.ts'
import { coveredComuni } from '#shared/coverage.ts'
import { refreshListTotals } from '#server/repositories/admin-leads.ts'
import { campaignSource, deviceClass } from '#server/analytics/sources.ts'
import { rebuildArtisanResponseTotals, rebuildOfferDays } from '#server/repositories/response-metrics.ts'
import { rebuildLeadDays } from '#server/repositories/statistics.ts'
import { rebuildVisitTotals } from '#server/repositories/visits.ts'
import { rebuildRequesters } from '#server/repositories/requesters.ts'
import { romeDay } from '#shared/italian-time.ts'
import { addOfficeHours, DEFAULT_OFFICE_HOURS, workingDaysOf } from '#shared/office-hours.ts'
import { PROMISE_OFFICE_HOURS } from '#shared/promise.ts'
import { MARKETING_CONSENT_TEXT } from '#shared/marketing-consent.ts'
import { stripAccents } from '#shared/text.ts'
import { slugify } from '#shared/catalog/slug.ts'
import { HIDE_REASON_KEYS, PROFILE_CONSENT_TEXT, reviewAuthorLabel } from '#shared/reviews.ts'

/** The week the promise of a call counts in, as the site computes it (server/leads/promise.ts). */
const PROMISE_HOURS = workingDaysOf(DEFAULT_OFFICE_HOURS)

const { values } = parseArgs({
  options: {
    leads: { type: 'string', default: '1000' },
    artisans: { type: 'string', default: '200' },
    requesters: { type: 'string' },
    profiles: { type: 'string', default: '400' },
    reviews: { type: 'string', default: '50000' },
    db: { type: 'string' },
    seed: { type: 'string', default: '20261122' },
  },
})
const leadCount = Number(values.leads)
const artisanCount = Number(values.artisans)
const requesterCount = Math.max(1, Math.min(leadCount, Number(values.requesters ?? Math.round(leadCount * 0.3))))
const profileCount = Number(values.profiles)
const reviewCount = Number(values.reviews)
if ([leadCount, artisanCount, profileCount, reviewCount].some((count) => !Number.isInteger(count) || count < 0)) {
  console.error('usage: npm run db:seed-demo -- --leads N --artisans M [--requesters K] [--profiles P] [--reviews R] [--db path]')
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
const COMUNI = comuni

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

/** A Partita IVA whose last digit is the check digit of the other ten, as the office's format check wants it. */
function partitaIva(): string {
  const digits = String(10_000_000_000 + int(89_999_999_999))
    .slice(0, 10)
    .split('')
    .map(Number)
  const sum = digits.reduce((total, digit, i) => total + (i % 2 === 0 ? digit : digit * 2 > 9 ? digit * 2 - 9 : digit * 2), 0)
  return `${digits.join('')}${(10 - (sum % 10)) % 10}`
}

function phone(): string {
  return `+39 3${int(10)}${int(10)} ${String(int(1000)).padStart(3, '0')} ${String(int(10000)).padStart(4, '0')}`
}

function comuneIndex(): number {
  // About a third of requests come from Milano itself.
  return random() < 0.35 ? 0 : Math.floor(random() ** 1.6 * COMUNI.length)
}

type Person = {
  fullName: string
  email: string
  phone: string
  comune: number
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
    comune: comuneIndex(),
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
const insertCoverage = raw.prepare('INSERT INTO artisan_coverage (artisan_id, sector, base_comune_slug, radius_km, comune_slugs) VALUES (?, ?, ?, ?, ?)')
const insertCovered = raw.prepare('INSERT INTO artisan_coverage_comuni (artisan_id, sector, comune_slug, distance_km) VALUES (?, ?, ?, ?)')
const RADII = [5, 10, 10, 15, 20, 30]
const artisanIds: number[] = []
const artisanNames = new Map<number, string>()
const offerable = new Set<number>()
raw.transaction(() => {
  for (let i = 0; i < artisanCount; i++) {
    const first = pick(FIRST_NAMES)
    const last = pick(LAST_NAMES)
    const mainService = pickSkewed(serviceList, 1.3)
    const sectors = [...new Set([mainService.sectorName, ...(random() < 0.4 ? [pick(serviceList).sectorName] : [])])]
    const zones = [...new Set([COMUNI[0]!.name, ...Array.from({ length: 2 + int(10) }, () => COMUNI[comuneIndex()]!.name)])]
    const status = random() < 0.65 ? 'active' : pick(['inactive', 'pending_review', 'rejected'])
    const created = new Date(now - random() * TWO_YEARS).toISOString()
    const suffix = pick(COMPANY_SUFFIXES).replace('{n}', `${first} ${last}`)
    const company = random() < 0.8 ? `${mainService.name} ${last} ${suffix}` : null
    const result = insertArtisan.run(
      created,
      created,
      company,
      company ? partitaIva() : null,
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
    artisanNames.set(id, `${first} ${last}`)
    if (status === 'active' || status === 'pending_review') offerable.add(id)
    for (const sector of sectors) insertSector.run(id, sector)
    for (const zone of zones) insertZone.run(id, zone, normalizeZone(zone))
    // Coverage per sector: most craftsmen take a radius around a base comune, the others a list of comuni.
    for (const sector of sectors) {
      const radius = random() < 0.6 ? pick(RADII) : null
      const base = radius === null ? COMUNI[0]!.slug : COMUNI[comuneIndex()]!.slug
      const listed = radius === null ? zones.map((zone) => COMUNI.find((comune) => comune.name === zone)!.slug) : []
      const reached = coveredComuni({ base, radiusKm: radius, comuni: listed })
      insertCoverage.run(id, sector, base, radius, JSON.stringify(radius === null ? reached.map((comune) => comune.slug) : []))
      for (const comune of reached) insertCovered.run(id, sector, comune.slug, comune.distanceKm)
    }
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

const insertMessage = raw.prepare(`INSERT INTO contact_messages (created_at, updated_at, full_name, email, email_normalized, phone, subject,
  message, ip_address, user_agent, from_page, utm_source, utm_medium, utm_campaign, utm_term, landing_page, traffic_source, device, read_at, answered_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
const insertLead = raw.prepare(`INSERT INTO leads (kind, created_at, updated_at, full_name, email, email_normalized, phone, service_id,
  service_name, subject, location_label, place_id, comune_slug, description, ip_address, user_agent, from_page,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, status, notes,
  awaiting_answer_since, first_accepted_at, rating_request_due_at, rating_requested_at, status_set_by_hand_at,
  landing_page, traffic_source, device, street, marketing_consent_at, marketing_consent_text, promise_due_at, promise_missed_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
const insertAttachment = raw.prepare('INSERT INTO lead_attachments (lead_id, file_name, content_type, size, content, created_at) VALUES (?, ?, ?, ?, ?, ?)')
const insertAssignment = raw.prepare(`INSERT INTO lead_assignments (lead_id, artisan_id, assigned_at, assigned_by, email_outbox_id,
  response, responded_at, decline_reason, withdrawn_at, revoked_at) VALUES (?, ?, ?, NULL, NULL, ?, ?, ?, ?, ?)`)
const insertEvent = raw.prepare('INSERT INTO lead_events (lead_id, created_at, kind, artisan_id, actor, details) VALUES (?, ?, ?, ?, ?, ?)')
const insertRating = raw.prepare('INSERT INTO lead_ratings (lead_id, artisan_id, stars, outcome, comment, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
const photo = Buffer.from('%PDF-1.4\n% demo sopralluogo\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
const bySector = new Map<string, number[]>()
for (const row of raw.prepare('SELECT artisan_id, sector FROM artisan_sectors').all() as Array<{ artisan_id: number; sector: string }>) {
  if (offerable.has(row.artisan_id)) bySector.set(row.sector, [...(bySector.get(row.sector) ?? []), row.artisan_id])
}

// The marketplace loop, as the app records it (server/repositories/offers.ts, ratings.ts, lead-timeline.ts): offers, answers, ratings, timeline.
const OFFICE = 'ufficio@artigianimilano.it'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const CLOSED = new Set(['acquisito', 'perso'])
const DECLINE_REASONS = ['troppo_lontano', 'troppo_lontano', 'troppo_impegnato', 'troppo_impegnato', 'troppo_impegnato', 'non_mio_settore', 'altro', null]
const STARS = [5, 5, 5, 5, 4, 4, 4, 3, 2, 1]
// What requesters write, by the stars they give: the comments are published as reviews, so they match the stars.
const RATING_COMMENTS: Record<number, string[]> = {
  5: [
    'Puntuale e preciso, ha lasciato tutto pulito.',
    'Preventivo chiaro e lavoro finito nei tempi.',
    'Molto disponibile, lo richiamerò sicuramente.',
    'Gentile e competente, ci ha spiegato ogni passaggio.',
  ],
  4: ['Prezzo onesto, consigliato.', 'Lavoro fatto bene ma è arrivato con un giorno di ritardo.', 'Buon lavoro, qualche giorno in più del previsto.'],
  3: ['Lavoro discreto, ma abbiamo dovuto sollecitarlo più volte.', "Risultato nella media, prezzo un po' alto."],
  2: ['Ha finito il lavoro ma ha lasciato il cantiere in disordine.', 'Preventivo rispettato, ma tempi molto più lunghi del previsto.'],
  1: ['Non si è più fatto sentire dopo il sopralluogo.', 'Appuntamento saltato due volte senza avvisare.'],
}

type Offer = {
  artisanId: number
  assignedAt: number
  response: 'accepted' | 'declined' | null
  respondedAt: number | null
  reason: string | null
  withdrawnAt: number | null
  revokedAt: number | null
}
type LoopEvent = { at: number; kind: string; artisanId: number | null; actor: string; details: Record<string, unknown> | null }
type Loop = {
  status: string
  offers: Offer[]
  events: LoopEvent[]
  ratings: Array<{ artisanId: number; stars: number; outcome: string; comment: string | null; at: number }>
  awaitingSince: number | null
  firstAcceptedAt: number | null
  ratingDueAt: number | null
  ratingRequestedAt: number | null
  statusSetByHandAt: number | null
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const before = (ms: number) => Math.min(ms, now - MINUTE)

/** Offers of one lead to up to three craftsmen and what came of them, ending in the lead's (weighted) status. */
function marketplaceLoop(createdAt: number, status: string, candidates: number[]): Loop {
  const loop: Loop = {
    status,
    offers: [],
    events: [],
    ratings: [],
    awaitingSince: null,
    firstAcceptedAt: null,
    ratingDueAt: null,
    ratingRequestedAt: null,
    statusSetByHandAt: null,
  }
  const ageDays = (now - createdAt) / DAY
  const offered = candidates.length > 0 && (status === 'nuovo' ? ageDays < 3 && random() < 0.5 : random() < 0.85)
  if (!offered) return loop
  const waiting = status === 'nuovo'
  const name = (artisanId: number) => artisanNames.get(artisanId) ?? 'Artigiano'
  const event = (at: number, kind: string, artisanId: number | null, actor: string, details: Record<string, unknown> | null = null) =>
    loop.events.push({ at, kind, artisanId, actor, details })
  const offeredAt = before(createdAt + 10 * MINUTE + random() * 6 * HOUR)
  const chosen = new Set<number>()
  for (let k = 0, n = Math.min(candidates.length, 1 + int(3)); k < n; k++) chosen.add(pick(candidates))
  let current = 'nuovo'
  for (const artisanId of chosen) {
    const offer: Offer = { artisanId, assignedAt: offeredAt, response: null, respondedAt: null, reason: null, withdrawnAt: null, revokedAt: null }
    const answerAt = offeredAt + 5 * MINUTE + random() ** 3 * 30 * HOUR
    const r = random()
    if (waiting) {
      if (r < 0.35 && answerAt < now) Object.assign(offer, { response: 'declined', respondedAt: answerAt, reason: pick(DECLINE_REASONS) })
      else if (now - offeredAt > DAY && r > 0.85) offer.revokedAt = before(offeredAt + DAY + random() * 6 * HOUR)
    } else if (r < 0.6) {
      Object.assign(offer, { response: 'accepted', respondedAt: before(answerAt) })
    } else if (r < 0.88) {
      Object.assign(offer, { response: 'declined', respondedAt: before(answerAt), reason: pick(DECLINE_REASONS) })
    } else if (random() < 0.5) {
      offer.revokedAt = before(offeredAt + DAY + random() * 6 * HOUR)
    }
    loop.offers.push(offer)
  }
  // A lead the office works beyond "assegnato" and did not close has someone on it.
  if (!waiting && !CLOSED.has(status) && !loop.offers.some((offer) => offer.response === 'accepted')) {
    Object.assign(loop.offers[0]!, {
      response: 'accepted',
      respondedAt: before(offeredAt + 5 * MINUTE + random() ** 3 * 30 * HOUR),
      reason: null,
      revokedAt: null,
    })
  }
  const accepted = loop.offers.filter((offer) => offer.response === 'accepted')
  // A few give the job back within the day, when someone else also took it.
  if (accepted.length > 1 && random() < 0.15) {
    const giver = accepted[1]!
    giver.withdrawnAt = before(giver.respondedAt! + random() * 20 * HOUR)
  }
  for (const offer of loop.offers) {
    event(offer.assignedAt, 'assigned', offer.artisanId, OFFICE, { artisanName: name(offer.artisanId) })
    if (current === 'nuovo') {
      event(offer.assignedAt, 'status_changed', null, 'sistema', { from: 'nuovo', to: 'assegnato' })
      current = 'assegnato'
    }
  }
  const answers = loop.offers.filter((offer) => offer.respondedAt !== null).sort((a, b) => a.respondedAt! - b.respondedAt!)
  for (const offer of answers) {
    if (offer.response === 'declined') {
      event(offer.respondedAt!, 'declined', offer.artisanId, 'artigiano', { artisanName: name(offer.artisanId), reason: offer.reason })
      continue
    }
    event(offer.respondedAt!, 'accepted', offer.artisanId, 'artigiano', { artisanName: name(offer.artisanId) })
    if (current === 'assegnato') {
      event(offer.respondedAt!, 'status_changed', null, 'sistema', { from: 'assegnato', to: 'contattato' })
      current = 'contattato'
    }
    event(offer.respondedAt!, 'introduced', offer.artisanId, 'sistema', { artisanName: name(offer.artisanId) })
    loop.firstAcceptedAt ??= offer.respondedAt
    if (offer.withdrawnAt) event(offer.withdrawnAt, 'withdrawn', offer.artisanId, 'artigiano', { artisanName: name(offer.artisanId) })
  }
  for (const offer of loop.offers) {
    if (offer.revokedAt) event(offer.revokedAt, 'revoked', offer.artisanId, OFFICE, { artisanName: name(offer.artisanId) })
  }
  const standing = loop.offers.filter((offer) => offer.response === 'accepted' && !offer.withdrawnAt)
  if (!standing.length) loop.awaitingSince = Math.max(offeredAt, ...loop.offers.map((offer) => offer.withdrawnAt ?? 0))
  // The office moves the status on by hand after the first call (or closes the lead).
  const latest = Math.max(...loop.events.map((e) => e.at))
  if (status !== current && !waiting) {
    const at = before(latest + HOUR + random() * 5 * DAY)
    event(at, 'status_changed', null, OFFICE, { from: current, to: status })
    loop.statusSetByHandAt = at
  }
  loop.status = waiting ? current : status
  // "Com'è andata?" a week after the first acceptance; some requesters answer within a few days.
  if (loop.firstAcceptedAt !== null) {
    const due = loop.firstAcceptedAt + 7 * DAY
    if (due < now) {
      loop.ratingRequestedAt = before(due + random() * MINUTE)
      event(loop.ratingRequestedAt, 'rating_requested', null, 'sistema')
      for (const offer of standing) {
        if (random() >= 0.4) continue
        const at = before(loop.ratingRequestedAt + random() * 3 * DAY)
        const stars = pick(STARS)
        const outcome = stars <= 2 && random() < 0.5 ? 'non_contattato' : random() < 0.85 ? 'fatto' : 'non_ancora'
        const comment = random() < 0.3 ? pick(RATING_COMMENTS[stars]!) : null
        loop.ratings.push({ artisanId: offer.artisanId, stars, outcome, comment, at })
        event(at, 'rated', offer.artisanId, 'cliente', { artisanName: name(offer.artisanId), stars, outcome, changed: false })
      }
    } else {
      loop.ratingDueAt = due
    }
  }
  loop.events.sort((a, b) => a.at - b.at)
  return loop
}

// Where visits come from when no campaign link brought them, as the visit counter names them (server/analytics).
const REFERRING_SOURCES: Array<[string, number]> = [
  ['google', 0.5],
  ['diretto', 0.3],
  ['facebook', 0.08],
  ['bing', 0.06],
  ['instagram', 0.03],
  ['casa.it', 0.03],
]
function pickWeighted(weights: ReadonlyArray<[string, number]>): string {
  let r = random()
  for (const [value, weight] of weights) {
    r -= weight
    if (r < 0) return value
  }
  return weights[weights.length - 1]![0]
}
/** Requests per day of the two years, for visits consistent with them (about 3 requests every 100 visits). */
const visitDays = new Float64Array(Math.ceil(TWO_YEARS / DAY) + 1)

/**
 * Visits of every page, day by day, about 30 for each request of the day: the home page, services, categories, towns
 * and services in towns weighted as search traffic falls on them, each page's visits from one or two sources.
 */
function seedVisits() {
  const pages: Array<[string, number]> = [['/', 8]]
  for (const [i, service] of services.entries()) pages.push([`/${service.id}`, 25 / (i + 3)])
  for (const category of categories) pages.push([`/${category.slug}`, 0.5])
  for (const [i, comune] of comuni.entries()) pages.push([`/${comune.slug}`, 15 / (i + 4)])
  for (const [i, service] of services.entries()) {
    for (const [j, comune] of comuni.entries()) pages.push([serviceInComunePath(service.id, comune.slug), 45 / ((i + 3) * (j + 4))])
  }
  for (const path of ['/contattaci', '/chi-siamo', '/area-artigiani', '/zone-servite', '/i-nostri-artigiani']) pages.push([path, 0.6])
  const totalWeight = pages.reduce((sum, [, weight]) => sum + weight, 0)
  const sources: Array<[string, number]> = [
    ...REFERRING_SOURCES.map(([source, weight]) => [source, weight * 0.8] as [string, number]),
    ...CAMPAIGNS.map((c) => [campaignSource(c.source, c.medium, c.campaign)!, 0.15 / CAMPAIGNS.length] as [string, number]),
    ['interno', 0.05],
  ]
  const insertVisit = raw.prepare(
    'INSERT INTO page_visits (day, path, source, visits) VALUES (?, ?, ?, ?) ON CONFLICT DO UPDATE SET visits = visits + excluded.visits',
  )
  for (let d = 0; d < visitDays.length; d++) {
    const day = romeDay(now - TWO_YEARS + d * DAY)
    const dayVisits = (visitDays[d] ?? 0) * 30
    if (!dayVisits) continue
    raw.transaction(() => {
      for (const [path, weight] of pages) {
        const expected = (dayVisits * weight) / totalWeight
        const visits = Math.floor(expected + random())
        if (!visits) continue
        const first = pickWeighted(sources)
        if (visits > 3 && random() < 0.6) {
          const part = 1 + int(visits - 1)
          insertVisit.run(day, path, first, visits - part)
          insertVisit.run(day, path, pickWeighted(sources), part)
        } else insertVisit.run(day, path, first, visits)
      }
    })()
  }
}

// Bulk load: the per-row triggers (search index, requesters, craftsmen's answer totals) are set aside and their tables rebuilt once at the end, far faster.
const triggers = raw
  .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('leads', 'requesters', 'lead_assignments', 'lead_ratings')")
  .all() as Array<{
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
        const comune = COMUNI[random() < 0.85 ? person.comune : comuneIndex()]!
        // About one visitor in twelve also writes to the office from /contattaci: a message, not a request.
        if (random() < 0.087) {
          const userAgent = pick(USER_AGENTS)
          const campaign = random() < 0.3 ? pick(CAMPAIGNS) : null
          // A message is read within a day or two and mostly answered; the last days' are still to read.
          const read = ageDays > 2 ? createdAt : null
          insertMessage.run(
            createdAt,
            createdAt,
            person.fullName,
            person.email,
            person.email.trim().toLowerCase(),
            random() < 0.5 ? null : person.phone,
            pick(SUBJECTS),
            pick(CONTACT_MESSAGES),
            `${79 + int(15)}.${int(256)}.${int(256)}.${int(256)}`,
            userAgent,
            '/contattaci',
            campaign?.source ?? null,
            campaign?.medium ?? null,
            campaign?.campaign ?? null,
            campaign?.term ?? null,
            '/contattaci',
            campaign ? campaignSource(campaign.source, campaign.medium, campaign.campaign) : pickWeighted(REFERRING_SOURCES),
            deviceClass(userAgent),
            read,
            read && random() < 0.8 ? createdAt : null,
          )
        }
        const service = random() < 0.03 ? null : pickSkewed(serviceList, 1.5)
        const campaign = random() < 0.3 ? pick(CAMPAIGNS) : null
        const candidates = service ? (bySector.get(service.sectorName) ?? []) : []
        const loop = marketplaceLoop(Date.parse(createdAt), weightedStatus(ageDays), candidates)
        const userAgent = pick(USER_AGENTS)
        const fromPage = service ? `/${service.id}` : `/${comune.slug}`
        // Where the visit began: mostly the page of the service in the town, found on a search engine.
        const landingRoll = random()
        const landingPage = !service
          ? fromPage
          : landingRoll < 0.5
            ? serviceInComunePath(service.id, comune.slug)
            : landingRoll < 0.75
              ? `/${service.id}`
              : landingRoll < 0.9
                ? `/${comune.slug}`
                : '/'
        visitDays[Math.floor((Date.parse(createdAt) - (now - TWO_YEARS)) / DAY)]! += 1
        const status = loop.status
        const description = pick(REQUESTS)
          .replace('{m}', String(30 + int(150)))
          .replace('{p}', String(int(8)))
          .replace('{s}', (service?.name ?? 'professionista').toLowerCase())
        // The promise of a call (shared/promise.ts): due PROMISE_OFFICE_HOURS of working days later; one past with no
        // acceptance by then was told, as the job would have at its due time.
        const promiseDue = addOfficeHours(PROMISE_HOURS, Date.parse(createdAt), PROMISE_OFFICE_HOURS).getTime()
        const promiseMissed = promiseDue <= now && (loop.firstAcceptedAt === null || loop.firstAcceptedAt > promiseDue) ? promiseDue : null
        const result = insertLead.run(
          'quote',
          createdAt,
          createdAt,
          person.fullName,
          random() < 0.05 ? person.email.toUpperCase() : person.email,
          person.email.trim().toLowerCase(),
          person.phone,
          service?.id ?? 'altro',
          service?.name ?? 'Altro',
          null,
          `${person.street}, ${comune.name} MI, Italia`,
          `comune-${comune.slug}`,
          comune.slug,
          description,
          `${79 + int(15)}.${int(256)}.${int(256)}.${int(256)}`,
          userAgent,
          fromPage,
          campaign?.source ?? null,
          campaign?.medium ?? null,
          campaign?.campaign ?? null,
          campaign?.term ?? null,
          null,
          status,
          status !== 'nuovo' && random() < 0.3 ? 'Richiamato, preferisce essere contattato la sera.' : null,
          iso(loop.awaitingSince),
          iso(loop.firstAcceptedAt),
          iso(loop.ratingDueAt),
          iso(loop.ratingRequestedAt),
          iso(loop.statusSetByHandAt),
          landingPage,
          campaign ? campaignSource(campaign.source, campaign.medium, campaign.campaign) : pickWeighted(REFERRING_SOURCES),
          deviceClass(userAgent),
          person.street,
          // About two requesters in five tick the marketing consent (chosen by the address, so the random sequence stays as it was).
          person.email.length % 5 < 2 ? createdAt : null,
          person.email.length % 5 < 2 ? MARKETING_CONSENT_TEXT : null,
          iso(promiseDue),
          iso(promiseMissed),
        )
        const leadId = Number(result.lastInsertRowid)
        if (random() < 0.01) insertAttachment.run(leadId, `foto-${leadId}.pdf`, 'application/pdf', photo.length, photo, createdAt)
        for (const offer of loop.offers) {
          insertAssignment.run(
            leadId,
            offer.artisanId,
            iso(offer.assignedAt),
            offer.response,
            iso(offer.respondedAt),
            offer.reason,
            iso(offer.withdrawnAt),
            iso(offer.revokedAt),
          )
        }
        for (const e of loop.events) insertEvent.run(leadId, iso(e.at), e.kind, e.artisanId, e.actor, e.details ? JSON.stringify(e.details) : null)
        for (const r of loop.ratings) insertRating.run(leadId, r.artisanId, r.stars, r.outcome, r.comment, iso(r.at), iso(r.at))
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
  await rebuildArtisanResponseTotals(db)
  await rebuildOfferDays(db)
  console.log(`  craftsmen's answer totals built in ${seconds()} s`)
  seedVisits()
  await rebuildVisitTotals(db)
  await rebuildLeadDays(db)
  console.log(`  visits written and summed in ${seconds()} s`)
} finally {
  for (const trigger of triggers) raw.exec(trigger.sql)
}

const DESCRIPTIONS = [
  'Lavoriamo a {zona} e nei comuni vicini da oltre {anni} anni: sopralluogo gratuito, preventivo scritto voce per voce e cantiere pulito a fine giornata.',
  'Impresa artigiana ({mestiere}) attiva a {zona} e dintorni: interventi per privati, condomini e negozi, con materiali certificati e garanzia sul lavoro eseguito.',
  'Piccola squadra, un solo referente dal sopralluogo alla fine del lavoro. Rispondiamo in giornata e fissiamo i tempi prima di iniziare.',
  'Installazioni, riparazioni e manutenzioni, anche urgenti ({mestiere}). Rilasciamo la dichiarazione di conformità quando la legge la richiede.',
]
const INSURANCE_NOTES = [
  'Polizza RC professionale fino a 1.000.000 €',
  'Polizza RC verso terzi fino a 500.000 €',
  'Polizza RC e infortuni, rinnovata ogni anno',
]
/** The craftsman's reply, thanking for a good review or answering a poor one. */
const REPLIES = {
  good: ['Grazie per la fiducia, è stato un piacere lavorare per lei.', 'Grazie! Per la manutenzione annuale ci chiami quando vuole.'],
  poor: [
    'Grazie del commento: ci scusiamo per il ritardo, abbiamo rivisto i nostri turni del sabato.',
    'Ci dispiace non essere riusciti a richiamarla: il numero lasciato non rispondeva. Siamo sempre disponibili.',
  ],
}
const CAPTIONS = ['Prima e dopo', 'Lavoro concluso', 'Dettaglio della finitura', 'Cantiere a fine giornata', null]

/** A few portfolio photos drawn once and made small with sharp (WebP, 800 x 600, like an upload after resizing), shared by the profiles. */
async function demoPhotos() {
  return Promise.all(
    Array.from({ length: 8 }, async (_, i) => {
      const hue = i * 45
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
        <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,72%)"/><stop offset="1" stop-color="hsl(${hue + 30},40%,38%)"/></linearGradient></defs>
        <rect width="800" height="600" fill="url(#g)"/><rect x="${80 + i * 20}" y="180" width="320" height="300" fill="hsl(${hue},20%,92%)" opacity=".8"/>
        <circle cx="${560 - i * 15}" cy="220" r="${70 + i * 6}" fill="hsl(${hue + 180},35%,55%)" opacity=".7"/></svg>`
      const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer({ resolveWithObject: true })
      return { content: data, width: info.width, height: info.height, digest: createHash('sha256').update(data).digest('base64url') }
    }),
  )
}

/**
 * Public profiles and reviews (docs/product.md §11, migrations/2026_11_26_0601_public_profiles.ts): the office publishes
 * the active craftsmen with the most ratings, each after recording their consent; the newest ratings of those craftsmen
 * become reviews as the app writes them (server/repositories/reviews.ts writeReview): published at once without a
 * comment, else moderated (mostly published, a few hidden for a reason of the policy, the last days' still pending).
 */
async function seedProfilesAndReviews() {
  const chosen = raw
    .prepare(
      `SELECT a.id, a.company_name, a.contact_name, a.created_at, a.vat_number, a.specialization_sectors, a.operative_zones
       FROM artisans a LEFT JOIN (SELECT artisan_id, count(*) AS n FROM lead_ratings GROUP BY artisan_id) r ON r.artisan_id = a.id
       WHERE a.status = 'active' ORDER BY coalesce(r.n, 0) DESC, a.id LIMIT ?`,
    )
    .all(profileCount) as Array<{
    id: number
    company_name: string | null
    contact_name: string
    created_at: string
    vat_number: string | null
    specialization_sectors: string
    operative_zones: string
  }>
  const photos = chosen.length ? await demoPhotos() : []
  const insertProfile = raw.prepare(`INSERT INTO artisan_profiles (artisan_id, slug, description, consent_at, consent_text, consent_recorded_by,
    published_at, unpublished_at, vat_checked_at, identity_checked_at, insurance_checked_at, insurance_note, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?, ?, ?, ?, ?)`)
  const insertPhoto = raw.prepare(`INSERT INTO artisan_photos (artisan_id, position, content_type, width, height, size, digest, caption, content, created_at)
    VALUES (?, ?, 'image/webp', ?, ?, ?, ?, ?, ?, ?)`)
  const slugs = new Set<string>()
  raw.transaction(() => {
    for (const artisan of chosen) {
      // As the office's form proposes it (the company's name, else the contact's), made unique with -2, -3...
      const base =
        slugify(artisan.company_name ?? artisan.contact_name)
          .slice(0, 60)
          .replace(/-+$/, '') || 'artigiano'
      let slug = base
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`
      slugs.add(slug)
      const joined = Date.parse(artisan.created_at)
      const consentAt = before(joined + random() * 30 * DAY)
      const publishedAt = before(consentAt + HOUR + random() * 2 * DAY)
      const checkedAt = before(joined + random() * 10 * DAY)
      const trade = (JSON.parse(artisan.specialization_sectors) as string[])[0] ?? 'impianti'
      const zone = (JSON.parse(artisan.operative_zones) as string[])[0] ?? 'Milano'
      const description = pick(DESCRIPTIONS)
        .replace('{zona}', zone)
        .replace('{anni}', String(5 + int(25)))
        .replace('{mestiere}', trade)
      const insured = random() < 0.6
      insertProfile.run(
        artisan.id,
        slug,
        description,
        iso(consentAt),
        PROFILE_CONSENT_TEXT,
        iso(publishedAt),
        artisan.vat_number ? iso(checkedAt) : null,
        random() < 0.9 ? iso(checkedAt) : null,
        insured ? iso(checkedAt) : null,
        insured ? pick(INSURANCE_NOTES) : null,
        iso(consentAt),
        iso(publishedAt),
      )
      // Most show a few photos of their work; some none yet.
      for (let position = 0, n = random() < 0.2 ? 0 : 1 + int(4); position < n; position++) {
        const photo = pick(photos)
        insertPhoto.run(artisan.id, position, photo.width, photo.height, photo.content.length, photo.digest, pick(CAPTIONS), photo.content, iso(publishedAt))
      }
    }
  })()

  // Some requests made after a profile went public were sent from it ("Chiedi un preventivo a ..."): the craftsman is the
  // requester's preference (leads.preferred_artisan_id) and was offered the job.
  const sentFromProfiles = raw
    .prepare(
      `SELECT la.lead_id, la.artisan_id, p.slug FROM lead_assignments la JOIN artisan_profiles p ON p.artisan_id = la.artisan_id
       JOIN leads l ON l.id = la.lead_id WHERE l.created_at > p.published_at ORDER BY la.lead_id, la.assigned_at, la.id`,
    )
    .all() as Array<{ lead_id: number; artisan_id: number; slug: string }>
  const preferLead = raw.prepare('UPDATE leads SET preferred_artisan_id = ?, from_page = ? WHERE id = ?')
  const preferred = new Set<number>()
  raw.transaction(() => {
    for (const offer of sentFromProfiles) {
      if (preferred.has(offer.lead_id) || random() >= 0.08) continue
      preferred.add(offer.lead_id)
      preferLead.run(offer.artisan_id, `/artigiani/${offer.slug}`, offer.lead_id)
    }
  })()

  const rated = raw
    .prepare(
      `SELECT r.lead_id, r.artisan_id, r.stars, r.comment, r.created_at, l.full_name, l.comune_slug, l.service_name,
         coalesce(l.first_accepted_at, la.responded_at, r.created_at) AS accepted_at
       FROM lead_ratings r JOIN leads l ON l.id = r.lead_id JOIN artisan_profiles p ON p.artisan_id = r.artisan_id
       LEFT JOIN lead_assignments la ON la.lead_id = r.lead_id AND la.artisan_id = r.artisan_id
       ORDER BY r.created_at DESC LIMIT ?`,
    )
    .all(reviewCount) as Array<{
    lead_id: number
    artisan_id: number
    stars: number
    comment: string | null
    created_at: string
    full_name: string
    comune_slug: string | null
    service_name: string
    accepted_at: string
  }>
  const comuneNames = new Map(comuni.map((comune) => [comune.slug, comune.name]))
  const insertReview = raw.prepare(`INSERT INTO reviews (artisan_id, lead_id, stars, comment, author_label, comune, service_name, job_month, status,
    hidden_reason, moderated_by, moderated_at, text_removed_at, reply, reply_at, reply_by, created_at, published_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, ?, NULL, ?, ?, NULL, ?, ?)`)
  raw.transaction(() => {
    // Oldest first, so that ids grow with the date as the app writes them.
    for (const rating of rated.reverse()) {
      const at = Date.parse(rating.created_at)
      let status = 'published'
      let moderatedAt: number | null = null
      let reason: string | null = null
      if (rating.comment) {
        // The office moderates within a working day or two; what came in the last two days may still wait.
        moderatedAt = at + 2 * HOUR + random() * 40 * HOUR
        if (moderatedAt > now || random() < 0.01) {
          status = 'pending'
          moderatedAt = null
        } else if (random() < 0.06) {
          status = 'hidden'
          reason = pick(HIDE_REASON_KEYS)
        }
      }
      const publishedAt = status === 'published' ? (moderatedAt ?? at) : null
      const replied = publishedAt !== null && rating.comment !== null && random() < 0.2
      const replyAt = replied ? before(publishedAt! + HOUR + random() * 5 * DAY) : null
      insertReview.run(
        rating.artisan_id,
        rating.lead_id,
        rating.stars,
        rating.comment,
        reviewAuthorLabel(rating.full_name),
        rating.comune_slug ? (comuneNames.get(rating.comune_slug) ?? null) : null,
        rating.service_name,
        romeDay(Date.parse(rating.accepted_at)).slice(0, 7),
        status,
        reason,
        iso(moderatedAt),
        replied ? pick(rating.stars >= 4 ? REPLIES.good : REPLIES.poor) : null,
        iso(replyAt),
        rating.created_at,
        iso(publishedAt),
      )
    }
  })()
}

{
  const phaseStarted = performance.now()
  await seedProfilesAndReviews()
  console.log(`  public profiles and reviews written in ${((performance.now() - phaseStarted) / 1000).toFixed(1)} s`)
}
// Sampled statistics: enough for the planner, seconds instead of minutes on a large file.
raw.pragma('analysis_limit = 1000')
raw.exec('ANALYZE')
raw.exec("INSERT INTO leads_search (leads_search) VALUES ('optimize')")
raw.exec("INSERT INTO requesters_search (requesters_search) VALUES ('optimize')")
raw.pragma('wal_checkpoint(TRUNCATE)')
const counts = raw
  .prepare(`SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM requesters) AS requesters, (SELECT count(*) FROM artisans) AS artisans,
    (SELECT count(*) FROM lead_assignments) AS offers, (SELECT count(*) FROM lead_events) AS events, (SELECT count(*) FROM lead_ratings) AS ratings,
    (SELECT count(*) FROM artisan_profiles WHERE published_at IS NOT NULL) AS profiles, (SELECT count(*) FROM artisan_photos) AS photos,
    (SELECT count(*) FROM reviews) AS reviews, (SELECT count(*) FROM reviews WHERE status = 'published') AS published_reviews,
    (SELECT count(*) FROM leads WHERE preferred_artisan_id IS NOT NULL) AS sent_from_profiles`)
  .get()
await db.destroy()
console.log(`seeded ${databasePath}: ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`)
