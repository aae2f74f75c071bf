/** The visitor's cookie choice (EU ePrivacy/GDPR): marketing is off until they say yes. */
export type Consent = { marketing: boolean; decidedAt: string }

const KEY = 'am-consenso-cookie'
const listeners = new Set<(consent: Consent | null) => void>()

/** The stored choice, null when the visitor has not chosen yet. */
export function readConsent(): Consent | null {
  try {
    const raw = window.localStorage.getItem(KEY)
    const parsed = raw ? (JSON.parse(raw) as Partial<Consent>) : null
    return parsed && typeof parsed.marketing === 'boolean' ? { marketing: parsed.marketing, decidedAt: String(parsed.decidedAt ?? '') } : null
  } catch {
    return null
  }
}

let current: Consent | null | undefined

export const currentConsent = (): Consent | null => {
  current ??= readConsent()
  return current
}

function changed(consent: Consent | null) {
  current = consent
  for (const listener of listeners) listener(consent)
}

export function saveConsent(marketing: boolean) {
  const consent = { marketing, decidedAt: new Date().toISOString() }
  try {
    window.localStorage.setItem(KEY, JSON.stringify(consent))
  } catch {
    // Private browsing without storage: the choice lasts for this page view.
  }
  changed(consent)
}

/** Forgets the choice so the banner asks again (the footer's "Preferenze cookie"). */
export function resetConsent() {
  try {
    window.localStorage.removeItem(KEY)
  } catch {
    // nothing stored
  }
  changed(null)
}

export function onConsentChange(listener: (consent: Consent | null) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
