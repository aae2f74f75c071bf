/** A chosen address: valid only with a place id (docs/product.md §3 and 4). */
export type ChosenLocation = { label: string; placeId: string }

// The address travels from the home page to a service page, and between service pages (docs/product.md §4). Each page
// is a page load of its own, so it goes through the tab's session storage, addressed to the page it is for, and from
// there into that page's history entry, where a reload or a return with Back finds it again.
const HANDOFF_KEY = 'artigiani.luogo'

type Handoff = { path: string; location: ChosenLocation; at: number }

// A handoff is for the page load that follows it: one left behind by a load that never happened is not picked up later.
const HANDOFF_MS = 60_000

const isLocation = (value: unknown): value is ChosenLocation =>
  typeof value === 'object' && value !== null && typeof (value as ChosenLocation).label === 'string' && typeof (value as ChosenLocation).placeId === 'string'

function readHandoff(): Handoff | undefined {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(HANDOFF_KEY) ?? 'null') as Partial<Handoff> | null
    const fresh = typeof parsed?.at === 'number' && Math.abs(Date.now() - parsed.at) < HANDOFF_MS
    return parsed && fresh && parsed.path === location.pathname && isLocation(parsed.location) ? (parsed as Handoff) : undefined
  } catch {
    return undefined
  }
}

const inHistory = (): ChosenLocation | undefined => {
  const carried = (history.state as { location?: unknown } | null)?.location
  return isLocation(carried) ? carried : undefined
}

/** Opens `path` with `location` chosen there. */
export function openWithLocation(path: string, chosen: ChosenLocation | null) {
  try {
    if (chosen) sessionStorage.setItem(HANDOFF_KEY, JSON.stringify({ path, location: chosen, at: Date.now() } satisfies Handoff))
    else sessionStorage.removeItem(HANDOFF_KEY)
  } catch {
    // Storage can be disabled: the page opens without the address.
  }
  window.location.assign(path)
}

/** Whether this page was opened with an address (boot.ts hydrates its quote panel at once then). */
export function hasCarriedLocation(): boolean {
  return Boolean(inHistory() ?? readHandoff())
}

/** The address this page was opened with, kept in its history entry from now on. */
export function takeCarriedLocation(): ChosenLocation | null {
  const handoff = readHandoff()
  if (handoff) {
    try {
      sessionStorage.removeItem(HANDOFF_KEY)
    } catch {
      // nothing stored
    }
    history.replaceState({ ...(history.state as object | null), location: handoff.location }, '')
    return handoff.location
  }
  return inHistory() ?? null
}

/** Keeps the address chosen on this page in its history entry, for a reload or a return with Back. */
export function rememberLocation(chosen: ChosenLocation | null) {
  history.replaceState({ ...(history.state as object | null), location: chosen }, '')
}
