import { currentConsent, onConsentChange } from '#src/lib/consent.ts'
import { trackQuoteConversion } from '#src/lib/google-ads.ts'
import { readRequestSummary } from '#src/lib/request-summary.ts'
import { promiseDueLine } from '#shared/promise.ts'
import { adsConfig } from './consent.ts'

/**
 * The thank-you page: the service just requested and when a craftsman should have called, which only this tab knows,
 * and the 10 EUR conversion, counted once the visitor has said yes to marketing cookies (docs/product.md §2.2).
 */
export function showRequestSummary() {
  const summary = readRequestSummary()
  const line = document.querySelector<HTMLElement>('[data-request-summary]')
  const name = line?.querySelector('strong')
  if (line && name && summary) {
    name.textContent = summary.serviceName
    line.hidden = false
  }
  const due = document.querySelector<HTMLElement>('[data-promise-due]')
  if (due && summary?.promiseDue) {
    due.textContent = promiseDueLine(summary.promiseDue)
    due.hidden = false
  }
  const ads = adsConfig()
  if (!ads?.label) return
  let counted = false
  const count = () => {
    if (counted || !currentConsent()?.marketing) return
    counted = true
    trackQuoteConversion({ adsId: ads.adsId, label: ads.label, transactionId: summary?.leadId != null ? String(summary.leadId) : String(Date.now()) })
  }
  onConsentChange(count)
  count()
}
