import { useEffect, useState } from 'react'
import { AddressAutocomplete } from '#src/components/address-autocomplete.tsx'
import { OptionPicker } from '#src/components/option-picker.tsx'
import { QuoteSection } from '#src/components/quote-section.tsx'
import { type ChosenLocation, openWithLocation, rememberLocation, takeCarriedLocation } from '#src/lib/carried-location.ts'

// The quote side of the service, town and service-in-town pages (docs/product.md §2.3): pickers whose options are
// pages, the address where one is needed, and the quote form. Each is one island (src/islands/island.tsx). The service
// is chosen once: by the page's picker where it opens a page, else by the form's own field.

type ServiceChoice = { id: string; name: string; path: string }
type ComuneChoice = { slug: string; name: string; path: string }
type PageComune = { name: string; slug: string; placeId: string }

const comuneLocation = (comune: PageComune): ChosenLocation => ({ label: `${comune.name}, MI, Italia`, placeId: comune.placeId })

/** A picker whose options are pages: choosing one opens it (with the address, where the page has one). */
function PagePicker({
  label,
  value,
  choices,
  open,
}: {
  label: string
  value: string
  choices: { value: string; name: string; path: string }[]
  open: (path: string) => void
}) {
  return (
    <OptionPicker
      label={label}
      value={value}
      options={choices.map((choice) => ({ value: choice.value, label: choice.name }))}
      onChange={(chosen) => {
        const next = choices.find((choice) => choice.value === chosen)
        if (next) open(next.path)
      }}
    />
  )
}

const goTo = (path: string) => window.location.assign(path)

export type ServiceQuoteProps = { serviceId: string; serviceOptions: ServiceChoice[]; mapsKey: string | null }

/** /{serviceId}: another service keeps the address; the form shows once an address is chosen. */
export function ServiceQuotePanel({ serviceId, serviceOptions, mapsKey }: ServiceQuoteProps) {
  const [location, setLocation] = useState<ChosenLocation | null>(null)
  // The address the page was opened with exists only in the browser: read after hydration, so both render the same first.
  useEffect(() => {
    const carried = takeCarriedLocation()
    if (carried) setLocation(carried)
  }, [])
  const choose = (chosen: ChosenLocation | null) => {
    setLocation(chosen)
    rememberLocation(chosen)
  }
  return (
    <>
      <PagePicker
        label="Scegli il servizio"
        value={serviceId}
        choices={serviceOptions.map((option) => ({ ...option, value: option.id }))}
        open={(path) => openWithLocation(path, location)}
      />
      <AddressAutocomplete label="Indirizzo dell'intervento" value={location} onChange={choose} mapsKey={mapsKey} />
      <QuoteSection serviceId={serviceId} location={location} />
    </>
  )
}

export type ComuneQuoteProps = { comune: PageComune; comuneOptions: ComuneChoice[]; serviceId: string }

/** /{comuneSlug}: another town opens that town's page; the service is the form's own field, the only one. */
export function ComuneQuotePanel({ comune, comuneOptions, serviceId }: ComuneQuoteProps) {
  return (
    <>
      <PagePicker label="Scegli il comune" value={comune.slug} choices={comuneOptions.map((option) => ({ ...option, value: option.slug }))} open={goTo} />
      <QuoteSection serviceId={serviceId} serviceField location={comuneLocation(comune)} />
    </>
  )
}

export type ServiceInComuneQuoteProps = { serviceId: string; comune: PageComune; serviceOptions: ServiceChoice[]; comuneOptions: ComuneChoice[] }

/** /s/{service}-{town}-{code}: changing either opens the new address with its check code. */
export function ServiceInComuneQuotePanel({ serviceId, comune, serviceOptions, comuneOptions }: ServiceInComuneQuoteProps) {
  return (
    <>
      <PagePicker label="Scegli il servizio" value={serviceId} choices={serviceOptions.map((option) => ({ ...option, value: option.id }))} open={goTo} />
      <PagePicker label="Scegli il comune" value={comune.slug} choices={comuneOptions.map((option) => ({ ...option, value: option.slug }))} open={goTo} />
      <QuoteSection serviceId={serviceId} location={comuneLocation(comune)} />
    </>
  )
}

export type ProfileQuoteProps = { serviceId: string; preferredArtisan: string; mapsKey: string | null }

/** /artigiani/{slug}: the address, then the form with the service field; the request names the profile's craftsman as preferred. */
export function ProfileQuotePanel({ serviceId, preferredArtisan, mapsKey }: ProfileQuoteProps) {
  const [location, setLocation] = useState<ChosenLocation | null>(null)
  return (
    <>
      <AddressAutocomplete label="Indirizzo dell'intervento" value={location} onChange={setLocation} mapsKey={mapsKey} />
      <QuoteSection serviceId={serviceId} serviceField location={location} preferredArtisan={preferredArtisan} />
    </>
  )
}
