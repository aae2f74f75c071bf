const KEY = 'artigiani.utm'
const FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const

export type Utm = Partial<Record<(typeof FIELDS)[number], string>>

/** Keeps the campaign parameters of the landing URL for the rest of the visit (one tab session). */
export function captureUtm(search: string = location.search): void {
  try {
    const params = new URLSearchParams(search)
    const utm: Utm = {}
    for (const field of FIELDS) {
      const value = params.get(`utm_${field}`)?.trim()
      if (value) utm[field] = value.slice(0, 200)
    }
    // The landing URL decides: later internal links do not overwrite the campaign of the visit.
    if (Object.keys(utm).length && !sessionStorage.getItem(KEY)) sessionStorage.setItem(KEY, JSON.stringify(utm))
  } catch {
    // Storage can be disabled (private mode, blocked cookies): the request is sent without campaign data.
  }
}

/** The campaign parameters of this visit, if it landed from a tagged link. */
export function readUtm(): Utm | undefined {
  try {
    const stored = sessionStorage.getItem(KEY)
    if (!stored) return undefined
    const parsed = JSON.parse(stored) as Record<string, unknown>
    const utm: Utm = {}
    for (const field of FIELDS) if (typeof parsed[field] === 'string') utm[field] = parsed[field]
    return utm
  } catch {
    return undefined
  }
}

/** The page a form was sent from, without the query string. */
export function currentPage(): string {
  return location.origin + location.pathname
}
