const KEY = 'artigiani.utm'
const LANDING_KEY = 'artigiani.landing'
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
    // The first page of the visit and the site that sent the visitor (its origin only, never the full address).
    if (!sessionStorage.getItem(LANDING_KEY)) {
      let referrer = ''
      try {
        referrer = document.referrer ? new URL(document.referrer).origin : ''
      } catch {}
      sessionStorage.setItem(LANDING_KEY, JSON.stringify({ page: location.pathname, referrer }))
    }
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

/** The first page of this visit and the origin of the site that linked to it, if the browser said. */
function readLanding(): { page?: string; referrer?: string } | undefined {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(LANDING_KEY) ?? 'null') as Record<string, unknown> | null
    if (!parsed) return undefined
    return {
      page: typeof parsed.page === 'string' ? parsed.page.slice(0, 200) : undefined,
      referrer: typeof parsed.referrer === 'string' && parsed.referrer ? parsed.referrer.slice(0, 200) : undefined,
    }
  } catch {
    return undefined
  }
}

/** What a form sends about where its request came from: this page, the visit's campaign and its landing page. */
export function tracking() {
  return { fromPage: currentPage(), utm: readUtm(), landing: readLanding() }
}
