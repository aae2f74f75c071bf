import { Link } from '@tanstack/react-router'
import { CookieIcon } from 'lucide-react'
import { useEffect } from 'react'
import { useClientConfig } from '../lib/client-config.ts'
import { resetConsent, saveConsent, useConsent } from '../lib/consent.ts'
import { loadGoogleAds } from '../lib/google-ads.ts'

/** Marketing tracking configured on this server: only then there is something to consent to. */
export function useAdsConfig() {
  const data = useClientConfig()
  return data.googleAdsId ? { adsId: data.googleAdsId, label: data.googleAdsConversionLabel } : null
}

const choices = [
  { marketing: false, label: 'Rifiuta', className: 'rounded-md border border-gray-400 px-4 py-2.5 text-sm font-semibold hover:bg-gray-50' },
  { marketing: true, label: 'Accetta', className: 'rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700' },
]

/** Asks for marketing consent when Google Ads is configured; no tracking script loads before a yes. */
export function ConsentBanner() {
  const ads = useAdsConfig()
  const consent = useConsent()

  useEffect(() => {
    if (ads && consent?.marketing) loadGoogleAds(ads.adsId)
  }, [ads, consent])

  if (!ads || consent !== null) return null
  return (
    <section
      aria-labelledby="titolo-cookie"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-xl sm:border"
    >
      <h2 id="titolo-cookie" className="flex items-center gap-2 font-bold">
        <CookieIcon className="size-5 text-brand-600" aria-hidden /> Rispettiamo la tua privacy
      </h2>
      <p className="mt-2 text-sm text-muted">
        Usiamo solo l'archiviazione tecnica necessaria al sito. Con il tuo consenso attiviamo anche i cookie di marketing di Google Ads, per misurare quali
        annunci portano richieste di preventivo. Puoi cambiare idea in qualsiasi momento. Dettagli nella{' '}
        <Link to="/privacy-policy" className="text-brand-700 underline">
          Privacy Policy
        </Link>
        .
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {choices.map(({ marketing, label, className }) => (
          <button key={label} type="button" onClick={() => saveConsent(marketing)} className={className}>
            {label}
          </button>
        ))}
      </div>
    </section>
  )
}

/** The footer link that reopens the banner. */
export function CookiePreferencesButton({ className }: { className?: string }) {
  const ads = useAdsConfig()
  const consent = useConsent()
  if (!ads || !consent) return null
  return (
    <button type="button" className={className} onClick={resetConsent}>
      Preferenze cookie
    </button>
  )
}
