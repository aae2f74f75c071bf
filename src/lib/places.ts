/** One address prediction: the location is valid only with its place id (docs/product.md §3 and 5). */
export type PlaceSuggestion = { placeId: string; label: string; mainText: string; secondaryText: string }

/** A page of suggestions, and whether more follow it. */
export type PlaceSuggestions = { suggestions: PlaceSuggestion[]; more: boolean }
