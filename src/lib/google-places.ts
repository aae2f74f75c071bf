import type { PlaceSuggestions } from './places.ts'

type GoogleText = { text: string }
type GooglePlacePrediction = { placeId: string; text: GoogleText; mainText?: GoogleText | null; secondaryText?: GoogleText | null }
type PlacesLibrary = {
  AutocompleteSessionToken: new () => object
  AutocompleteSuggestion: {
    fetchAutocompleteSuggestions(request: {
      input: string
      includedRegionCodes: string[]
      language: string
      sessionToken: object
    }): Promise<{ suggestions: { placePrediction: GooglePlacePrediction | null }[] }>
  }
}
type GoogleMaps = { maps: { importLibrary(name: 'places'): Promise<PlacesLibrary> } }

declare global {
  interface Window {
    google?: GoogleMaps
    __artigianiMapsReady?: () => void
  }
}

const RETRIES = 3
let placesLibrary: Promise<PlacesLibrary> | null = null

function injectScript(apiKey: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    const params = new URLSearchParams({ key: apiKey, libraries: 'places', language: 'it', region: 'IT', loading: 'async', callback: '__artigianiMapsReady' })
    window.__artigianiMapsReady = () => resolve()
    script.src = `https://maps.googleapis.com/maps/api/js?${params}`
    script.async = true
    script.onerror = () => {
      script.remove()
      reject(new Error('Google Maps script failed to load'))
    }
    document.head.append(script)
  })
}

/** Loads the Maps script with the places library; retries up to 3 times after attempt x 2^attempt ms (docs/product.md §8). */
export function loadPlacesLibrary(apiKey: string): Promise<PlacesLibrary> {
  placesLibrary ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        if (!window.google?.maps) await injectScript(apiKey)
        return await window.google!.maps.importLibrary('places')
      } catch (error) {
        if (attempt >= RETRIES) throw error
        const next = attempt + 1
        await new Promise((resolve) => setTimeout(resolve, next * 2 ** next))
      }
    }
  })().catch((error: unknown) => {
    placesLibrary = null
    throw error
  })
  return placesLibrary
}

/** Address predictions from Google Places, restricted to Italy (docs/product.md §5, 7.4). */
export function googlePlacesProvider(apiKey: string) {
  let sessionToken: object | null = null
  return {
    ready: () => loadPlacesLibrary(apiKey).then(() => undefined),
    /** Google's predictions for the query, at most 5: they fill one page, with no other after it. */
    async suggest(query: string): Promise<PlaceSuggestions> {
      if (!query.trim()) return { suggestions: [], more: false }
      const places = await loadPlacesLibrary(apiKey)
      sessionToken ??= new places.AutocompleteSessionToken()
      const { suggestions } = await places.AutocompleteSuggestion.fetchAutocompleteSuggestions({
        input: query,
        includedRegionCodes: ['it'],
        language: 'it',
        sessionToken,
      })
      return {
        suggestions: suggestions.flatMap(({ placePrediction: p }) =>
          p ? [{ placeId: p.placeId, label: p.text.text, mainText: p.mainText?.text ?? p.text.text, secondaryText: p.secondaryText?.text ?? '' }] : [],
        ),
        more: false,
      }
    },
    /** A chosen place ends the billing session of Google's autocomplete. */
    endSession() {
      sessionToken = null
    },
  }
}
