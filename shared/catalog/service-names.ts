// What the public forms show of the services catalogue: each service's id and name (and the register's spelling of the
// sector where it differs), in the catalogue's order. The quote form's service select and the application form's sector
// list read only this, so a tap on a form does not load the catalogue's descriptions and keywords (decision 062);
// services.ts builds its full entries from these, so ids and names are written once, here.

/** A service's id (its slug, e.g. 'tecnico-caldaie'), Italian display name and the back office's sector label. */
export type ServiceName = {
  id: string
  name: string
  /** The label of the admin sector list (identical to name except 'Tapezziere'). */
  sectorName: string
}

const entries = [
  { id: 'elettricista', name: 'Elettricista' },
  { id: 'imbianchino', name: 'Imbianchino' },
  { id: 'idraulico', name: 'Idraulico' },
  { id: 'cartongessista', name: 'Cartongessista' },
  { id: 'muratore', name: 'Muratore' },
  { id: 'fabbro', name: 'Fabbro' },
  { id: 'vetraio', name: 'Vetraio' },
  { id: 'piastrellista', name: 'Piastrellista' },
  { id: 'falegname', name: 'Falegname' },
  { id: 'tecnico-caldaie', name: 'Tecnico Caldaie' },
  { id: 'tecnico-climatizzatori', name: 'Tecnico Climatizzatori' },
  { id: 'spurghi', name: 'Spurghi' },
  { id: 'tapparellista', name: 'Tapparellista' },
  { id: 'serramentista', name: 'Serramentista' },
  { id: 'parquettista', name: 'Parquettista' },
  { id: 'antennista', name: 'Antennista' },
  { id: 'lattoniere', name: 'Lattoniere' },
  { id: 'derattizzazione', name: 'Derattizzazione' },
  { id: 'videosorveglianza', name: 'Videosorveglianza' },
  { id: 'pulizie-condomini', name: 'Pulizie Condomini' },
  { id: 'spazzacamino', name: 'Spazzacamino' },
  { id: 'impianti-fotovoltaici', name: 'Impianti Fotovoltaici' },
  { id: 'zanzariere', name: 'Zanzariere' },
  { id: 'tappezziere', name: 'Tappezziere', sectorName: 'Tapezziere' },
  { id: 'porte-blindate', name: 'Porte Blindate' },
  { id: 'domotica', name: 'Domotica' },
  { id: 'rimozione-muffa', name: 'Rimozione Muffa' },
  { id: 'disinfestazioni', name: 'Disinfestazioni' },
  { id: 'restauratore', name: 'Restauratore' },
] as const

/** The id of one of the 29 services (docs/product.md §3). */
export type ServiceId = (typeof entries)[number]['id']

/** Every service's id and names, in the catalogue's order (docs/product.md §3). */
export const serviceNames: readonly (ServiceName & { id: ServiceId })[] = entries.map((entry) => ({
  id: entry.id,
  name: entry.name,
  sectorName: 'sectorName' in entry ? entry.sectorName : entry.name,
}))

const serviceNamesById: ReadonlyMap<string, ServiceName> = new Map(serviceNames.map((s) => [s.id, s]))

/** Looks a service's names up by its id (slug) in O(1), without the catalogue (the forms' rules use it). */
export function findServiceName(id: string): ServiceName | undefined {
  return serviceNamesById.get(id)
}

export type QuoteServiceOption = { value: string; label: string }

/** Options of the quote form's service select: every service, then 'Altro'. */
export const quoteServiceOptions: readonly QuoteServiceOption[] = [
  ...serviceNames.map((s) => ({ value: s.id, label: s.name })),
  { value: 'altro', label: 'Altro' },
]

/** The sectors a craftsman can choose on the public form: the services' names (docs/product.md §3). */
export const APPLICATION_SECTORS: readonly string[] = serviceNames.map((s) => s.name).sort((a, b) => a.localeCompare(b, 'it'))

/** The register's sector of a service chosen on the public form: the back office spells 'Tappezziere' 'Tapezziere' (docs/product.md §3). */
export const registerSector = (name: string) => serviceNames.find((s) => s.name === name)?.sectorName ?? name

/** The service name a message from /contattaci is stored under (docs/product.md §2.2). */
export const CONTACT_SERVICE_NAME = 'Richiesta di Contatto'
