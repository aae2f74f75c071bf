import { CookieIcon } from 'lucide-react'
import { useClientConfig } from '../lib/client-config.ts'

/** Marketing tracking configured on this server: only then there is something to consent to. */
export function useAdsConfig() {
  const data = useClientConfig()
  return data.googleAdsId ? { adsId: data.googleAdsId, label: data.googleAdsConversionLabel } : null
}

const choices = [
  { value: 'no', label: 'Rifiuta', className: 'rounded-md border border-gray-400 px-4 py-2.5 text-sm font-semibold hover:bg-gray-50' },
  { value: 'si', label: 'Accetta', className: 'rounded-md bg-brand-600 px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-700' },
]

/**
 * Asks for marketing consent when Google Ads is configured; no tracking script loads before a yes. Rendered hidden: the
 * choice is in the visitor's browser, where src/islands/consent.ts shows the banner if there is none yet.
 */
export function ConsentBanner() {
  const ads = useAdsConfig()
  if (!ads) return null
  return (
    <section
      data-consent=""
      data-ads-id={ads.adsId}
      data-ads-label={ads.label ?? ''}
      hidden
      aria-labelledby="titolo-cookie"
      className="fixed inset-x-0 bottom-0 z-50 border-t border-gray-200 bg-white p-4 shadow-[0_-4px_16px_rgba(0,0,0,0.12)] sm:inset-x-auto sm:right-4 sm:bottom-4 sm:max-w-md sm:rounded-xl sm:border"
    >
      <h2 id="titolo-cookie" className="flex items-center gap-2 font-bold">
        <CookieIcon className="size-5 text-brand-600" aria-hidden /> Rispettiamo la tua privacy
      </h2>
      <p className="mt-2 text-sm text-muted">
        Usiamo solo l'archiviazione tecnica necessaria al sito. Con il tuo consenso attiviamo anche i cookie di marketing di Google Ads, per misurare quali
        annunci portano richieste di preventivo. Puoi cambiare idea in qualsiasi momento. Dettagli nella{' '}
        <a href="/privacy-policy" className="text-brand-700 underline">
          Privacy Policy
        </a>
        .
      </p>
      <div className="mt-4 grid grid-cols-2 gap-3">
        {choices.map(({ value, label, className }) => (
          <button key={label} type="button" data-consent-choice={value} className={className}>
            {label}
          </button>
        ))}
      </div>
    </section>
  )
}

/** The footer link that reopens the banner, shown once the visitor has chosen. */
export function CookiePreferencesButton({ className }: { className?: string }) {
  const ads = useAdsConfig()
  if (!ads) return null
  return (
    <button type="button" data-consent-reset="" hidden className={className}>
      Preferenze cookie
    </button>
  )
}
