import { useState } from 'react'
import { AddressAutocomplete } from '#src/components/address-autocomplete.tsx'
import { OptionPicker } from '#src/components/option-picker.tsx'
import { type ChosenLocation, openWithLocation } from '#src/lib/carried-location.ts'
import { ctaClass } from '#src/lib/class-names.ts'

const INVALID_ADDRESS_ALERT = 'Inserisci un indirizzo valido per continuare'
const INVALID_SERVICE_ALERT = 'Si è verificato un errore, per favore seleziona nuovamente il servizio.'

export type HomeSearchProps = {
  services: { id: string; name: string; shortDescription: string; path: string }[]
  mapsKey: string | null
}

/** The home page's request: a service and an address, then that service's page with the address (docs/product.md §2.2, 4). */
export function HomeSearch({ services, mapsKey }: HomeSearchProps) {
  const [serviceId, setServiceId] = useState(services[0]!.id)
  const [location, setLocation] = useState<ChosenLocation | null>(null)
  const selected = services.find((service) => service.id === serviceId)

  return (
    <form
      aria-label="Richiedi un preventivo"
      className="mt-8 grid gap-5 rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault()
        if (!location?.placeId || !location.label) return window.alert(INVALID_ADDRESS_ALERT)
        if (!selected?.path) return window.alert(INVALID_SERVICE_ALERT)
        openWithLocation(selected.path, location)
      }}
    >
      <div className="grid gap-2">
        <OptionPicker
          label="Di quale servizio hai bisogno?"
          name="servizio"
          value={serviceId}
          onChange={setServiceId}
          options={services.map((service) => ({ value: service.id, label: service.name }))}
        />
        <p className="min-h-10 text-sm text-muted" aria-live="polite">
          {selected?.shortDescription}
        </p>
      </div>
      <AddressAutocomplete
        label="Dove serve l'intervento?"
        value={location}
        onChange={setLocation}
        mapsKey={mapsKey}
        hint="Scegli il comune dall'elenco dei suggerimenti."
      />
      <button type="submit" className={ctaClass} disabled={!location}>
        CHIEDI PREVENTIVO
      </button>
    </form>
  )
}
