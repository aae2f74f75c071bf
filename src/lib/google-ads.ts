type Gtag = (...args: unknown[]) => void

declare global {
  interface Window {
    dataLayer?: unknown[]
    gtag?: Gtag
  }
}

let loadedFor: string | null = null

/** Loads the Google tag; call only after marketing consent. */
export function loadGoogleAds(adsId: string) {
  if (loadedFor === adsId) return
  loadedFor = adsId
  window.dataLayer = window.dataLayer ?? []
  // gtag must push the arguments object itself, as Google's snippet does.
  window.gtag = function gtag() {
    // biome-ignore lint/complexity/noArguments: the Google tag reads `arguments` objects from dataLayer
    window.dataLayer!.push(arguments)
  }
  window.gtag('js', new Date())
  window.gtag('config', adsId)
  const script = document.createElement('script')
  script.async = true
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(adsId)}`
  document.head.append(script)
}

/** The quote conversion of docs/product.md §2.2: 10 EUR, with the lead id (or the current time) as transaction id. */
export function trackQuoteConversion({ adsId, label, transactionId }: { adsId: string; label: string; transactionId: string }) {
  loadGoogleAds(adsId)
  window.gtag!('event', 'conversion', { send_to: `${adsId}/${label}`, value: 10.0, currency: 'EUR', transaction_id: transactionId })
}
