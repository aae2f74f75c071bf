import { useSyncExternalStore } from 'react'

/** The visitor's cookie choice (EU ePrivacy/GDPR): marketing is off until they say yes. */
export type Consent = { marketing: boolean; decidedAt: string }

const KEY = 'am-consenso-cookie'
const listeners = new Set<() => void>()
let cached: Consent | null | undefined

function read(): Consent | null {
  if (cached !== undefined) return cached
  try {
    const raw = window.localStorage.getItem(KEY)
    const parsed = raw ? (JSON.parse(raw) as Partial<Consent>) : null
    cached = parsed && typeof parsed.marketing === 'boolean' ? { marketing: parsed.marketing, decidedAt: String(parsed.decidedAt ?? '') } : null
  } catch {
    cached = null
  }
  return cached
}

export function saveConsent(marketing: boolean) {
  cached = { marketing, decidedAt: new Date().toISOString() }
  try {
    window.localStorage.setItem(KEY, JSON.stringify(cached))
  } catch {
    // Private browsing without storage: the choice lasts for this page view.
  }
  for (const listener of listeners) listener()
}

/** Forgets the choice so the banner asks again (the footer's "Preferenze cookie"). */
export function resetConsent() {
  cached = null
  try {
    window.localStorage.removeItem(KEY)
  } catch {
    // nothing stored
  }
  for (const listener of listeners) listener()
}

/** undefined on the server and during hydration, null when the visitor has not chosen yet. */
export function useConsent(): Consent | null | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    read,
    () => undefined,
  )
}
