import { currentConsent, onConsentChange, resetConsent, saveConsent } from '#src/lib/consent.ts'
import { loadGoogleAds } from '#src/lib/google-ads.ts'

/** The Google Ads account the server is configured with, written on the banner (src/components/consent-banner.tsx). */
export function adsConfig(): { adsId: string; label: string } | null {
  const banner = document.querySelector<HTMLElement>('[data-consent]')
  const adsId = banner?.dataset.adsId
  return adsId ? { adsId, label: banner.dataset.adsLabel ?? '' } : null
}

/**
 * The cookie banner and the footer's "Preferenze cookie", without React: the server renders both hidden, since only the
 * browser knows the choice; no tracking script loads before a yes (docs/product.md §2.2).
 */
export function startConsent() {
  const ads = adsConfig()
  const banner = document.querySelector<HTMLElement>('[data-consent]')
  if (!ads || !banner) return
  const show = () => {
    const consent = currentConsent()
    banner.hidden = consent !== null
    for (const button of document.querySelectorAll<HTMLElement>('[data-consent-reset]')) button.hidden = consent === null
    if (consent?.marketing) loadGoogleAds(ads.adsId)
  }
  banner.addEventListener('click', (event) => {
    const choice = (event.target as Element).closest<HTMLElement>('[data-consent-choice]')?.dataset.consentChoice
    if (choice) saveConsent(choice === 'si')
  })
  for (const button of document.querySelectorAll<HTMLElement>('[data-consent-reset]')) button.addEventListener('click', resetConsent)
  onConsentChange(show)
  show()
}
