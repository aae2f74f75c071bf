// The one script of a public page: it keeps the visit's campaign, wakes each island when it is needed, and starts the
// few page behaviours that exist on this page. React and the islands' code load only when an island wakes.
import '../public.css'
import { hasCarriedLocation } from '#src/lib/carried-location.ts'
import { hasPendingNotice } from '#src/lib/notice.ts'
import { captureUtm } from '#src/lib/utm.ts'
import { type IslandName, islandLoaders } from './registry.ts'

// Signs that the visitor is about to use an island: the pointer over it, a touch, a focused field, a key, a change, a send.
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change', 'submit'] as const

const woken = new WeakSet<HTMLElement>()
/** A form sent before its island's code ran: sent again, through the island's own handler, once it has hydrated. */
const sentEarly = new WeakMap<HTMLElement, HTMLFormElement>()

/** Loads the island's code and hydrates it; a flaky connection gets two more tries, then the next interaction tries again. */
function wake(island: HTMLElement, tries = 3) {
  if (woken.has(island)) return
  woken.add(island)
  const load = islandLoaders[island.dataset.island as IslandName]
  if (!load) return
  Promise.all([import('./hydrate.tsx'), load()]).then(
    ([runtime, component]) => runtime.hydrateIsland(island, component, () => sentEarly.get(island)),
    () => {
      woken.delete(island)
      if (tries > 1) setTimeout(() => wake(island, tries - 1), 1000)
    },
  )
}

function onInteraction(island: HTMLElement) {
  const reach = (event: Event) => {
    if (island.hasAttribute('data-hydrated')) return
    // Sent before the code runs: not by the browser, which would leave the page, but by the island once it is there.
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      event.preventDefault()
      sentEarly.set(island, event.target)
    }
    wake(island)
  }
  for (const type of INTERACTIONS) island.addEventListener(type, reach, { capture: true, passive: type !== 'submit' })
}

function whenVisible(island: HTMLElement) {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      wake(island)
    },
    { rootMargin: '200px' },
  )
  // An island of `display: contents` has no box of its own: its children are watched.
  for (const child of island.querySelectorAll(':scope > [data-island-root] > *')) observer.observe(child)
}

function whenIdle(island: HTMLElement) {
  if ('requestIdleCallback' in window) requestIdleCallback(() => wake(island), { timeout: 3000 })
  else setTimeout(() => wake(island), 1500)
}

/** Without Speculation Rules (docs/decisions/023), a page link the pointer rests on is fetched ahead as a hint. */
function prefetchOnIntent() {
  if (HTMLScriptElement.supports?.('speculationrules')) return
  const fetched = new Set<string>()
  const prefetch = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]')
    if (!(link instanceof HTMLAnchorElement) || link.origin !== location.origin || link.pathname.startsWith('/admin') || link.search) return
    if (fetched.has(link.pathname) || link.pathname === location.pathname) return
    fetched.add(link.pathname)
    const hint = document.createElement('link')
    hint.rel = 'prefetch'
    hint.href = link.pathname
    document.head.append(hint)
  }
  for (const type of ['pointerover', 'touchstart', 'focusin']) document.addEventListener(type, prefetch, { passive: true, capture: true })
}

function start() {
  captureUtm()
  for (const island of document.querySelectorAll<HTMLElement>('[data-island]')) {
    const when = island.dataset.hydrate
    if (when === 'carried' && hasCarriedLocation()) wake(island)
    else if (when === 'visible') whenVisible(island)
    else if (when === 'idle') whenIdle(island)
    onInteraction(island)
  }
  if (document.querySelector('[data-consent]')) void import('./consent.ts').then((module) => module.startConsent())
  if (document.querySelector('[data-request-summary]')) void import('./thank-you.ts').then((module) => module.showRequestSummary())
  if (document.querySelector('[data-notice]') || hasPendingNotice()) void import('./notices.tsx').then((module) => module.showNotices())
  prefetchOnIntent()
}

// A page prerendered by Speculation Rules starts when the visitor actually opens it: what it reads (the address carried
// from the page before, the campaign of the visit) is only there then.
if ((document as Document & { prerendering?: boolean }).prerendering) document.addEventListener('prerenderingchange', start, { once: true })
else start()
