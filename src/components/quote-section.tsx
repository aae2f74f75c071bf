import type { ChosenLocation } from '../lib/carried-location.ts'
import { QuoteForm } from './forms/quote-form.tsx'

export const INVALID_ADDRESS_MESSAGE = 'Per favore, seleziona un indirizzo valido per continuare.'

/** The quote form, shown once a valid location is chosen (docs/product.md §2.3); `serviceField` where no picker above chooses the service. */
export function QuoteSection({
  serviceId,
  serviceField = false,
  location,
  preferredArtisan,
}: {
  serviceId: string
  serviceField?: boolean
  location: ChosenLocation | null
  /** The slug of the profile the form sits on: the craftsman the request prefers. */
  preferredArtisan?: string
}) {
  if (!location) {
    return (
      <p role="status" className="rounded-lg border border-dashed border-brand-600/40 bg-brand-50 p-5 text-center font-medium text-brand-800">
        {INVALID_ADDRESS_MESSAGE}
      </p>
    )
  }
  return (
    <div className="min-h-[28rem]">
      <QuoteForm serviceId={serviceId} serviceField={serviceField} location={location} preferredArtisan={preferredArtisan} />
    </div>
  )
}
