import { LoaderCircleIcon, MapPinIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { labelClass } from '../lib/class-names.ts'
import type { ChosenLocation } from '../lib/carried-location.ts'
import { comboboxAttributes } from '../lib/combobox.ts'
import type { PlaceSuggestion, PlaceSuggestions } from '../lib/places.ts'
import { browserSiteApi } from '../lib/trpc-client.ts'

const DEBOUNCE_MS = 300
// The last option, when more suggestions follow the ones shown: choosing it asks for them.
const MORE: PlaceSuggestion = { placeId: 'altri', label: '', mainText: 'Mostra altri risultati', secondaryText: '' }

type Provider = { ready: () => Promise<void>; suggest: (query: string, offset: number) => Promise<PlaceSuggestions>; endSession?: () => void }

/** The comuni of the province, found by the server: the suggestions without a Google Maps key. */
const comuniOnServer: Provider = { ready: async () => {}, suggest: (query, offset) => browserSiteApi.suggestPlaces({ query: query.slice(0, 120), offset }) }

/**
 * The address field (docs/product.md §4, 5, 9): suggestions after 300 ms without typing, 5 at a time with an option
 * for the next ones, chosen with mouse or keyboard.
 * Without a Google Maps key (`mapsKey`) the suggestions are the comuni of the province, found by the server.
 * The location is reported upward only once a suggestion with a place id is chosen.
 */
export function AddressAutocomplete({
  label,
  value,
  onChange,
  mapsKey: apiKey,
  placeholder = 'Es. Milano, Rho, Legnano',
  hint,
}: {
  label: string
  value: ChosenLocation | null
  onChange: (location: ChosenLocation | null) => void
  mapsKey: string | null
  placeholder?: string
  hint?: string
}) {
  const id = useId()
  const [text, setText] = useState(value?.label ?? '')
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([])
  const [more, setMore] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [provider, setProvider] = useState<Provider | null>(apiKey ? null : comuniOnServer)
  // The provider of the latest render, for a search that a timer of an earlier render runs.
  const providerRef = useRef(provider)
  providerRef.current = provider
  const input = useRef<HTMLInputElement>(null)
  const [failed, setFailed] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const request = useRef(0)

  // Follow a location chosen elsewhere (carried from another page).
  useEffect(() => {
    if (value) setText(value.label)
  }, [value])

  useEffect(() => {
    if (!apiKey) return
    let cancelled = false
    void import('../lib/google-places.ts').then(async ({ googlePlacesProvider }) => {
      const google = googlePlacesProvider(apiKey)
      try {
        await google.ready()
        if (!cancelled) setProvider(google)
      } catch {
        if (!cancelled) setFailed(true)
      }
    })
    return () => {
      cancelled = true
    }
  }, [apiKey])

  useEffect(() => () => clearTimeout(timer.current), [])

  // Text typed while Google's suggestions were loading is searched as soon as they are ready.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the provider arrives, with the text of that moment
  useEffect(() => {
    const typed = input.current?.value ?? ''
    if (apiKey && provider && !value && document.activeElement === input.current && typed.trim()) search(typed)
  }, [provider])

  /** The suggestions from `offset` on: the first page replaces those shown, a next one follows them. */
  function load(query: string, offset: number) {
    const mine = ++request.current
    providerRef.current
      ?.suggest(query, offset)
      .then((found) => {
        if (mine !== request.current) return
        setSuggestions((shown) => [...shown.slice(0, offset), ...found.suggestions])
        setMore(found.more)
        setActive(found.suggestions.length ? offset : -1)
        setOpen(true)
      })
      .catch(() => {
        if (mine === request.current) setSuggestions([])
      })
  }

  function search(query: string) {
    clearTimeout(timer.current)
    request.current++
    timer.current = setTimeout(() => load(query, 0), DEBOUNCE_MS)
  }

  const options = more ? [...suggestions, MORE] : suggestions
  const pick = (option: PlaceSuggestion) => (option === MORE ? load(text, suggestions.length) : choose(option))

  function choose(suggestion: PlaceSuggestion) {
    request.current++
    clearTimeout(timer.current)
    setText(suggestion.label)
    setOpen(false)
    setSuggestions([])
    provider?.endSession?.()
    onChange({ label: suggestion.label, placeId: suggestion.placeId })
  }

  const listId = `${id}-suggerimenti`
  const hintId = `${id}-hint`
  const ready = provider !== null
  const expanded = open && suggestions.length > 0
  const status = failed
    ? 'Suggerimenti non disponibili: riprova più tardi.'
    : !ready && apiKey
      ? 'Caricamento...'
      : open && suggestions.length === 0 && text.trim()
        ? 'Nessun comune trovato: prova con un altro nome.'
        : null

  return (
    <div className="relative grid gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <MapPinIcon className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500" aria-hidden />
        <input
          ref={input}
          id={id}
          {...comboboxAttributes(listId, expanded, expanded && active >= 0 ? `${id}-opzione-${active}` : undefined)}
          aria-describedby={hint || status ? hintId : undefined}
          placeholder={placeholder}
          value={text}
          className="h-11 w-full rounded-md border border-gray-400 bg-white pr-9 pl-10 text-base text-ink placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40"
          onChange={(event) => {
            setText(event.target.value)
            if (value) onChange(null)
            search(event.target.value)
          }}
          onFocus={() => {
            if (!value) search(text)
          }}
          onBlur={() => setOpen(false)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault()
              if (!expanded) return search(text)
              setActive((index) => (index + 1) % options.length)
            } else if (event.key === 'ArrowUp') {
              event.preventDefault()
              if (expanded) setActive((index) => (index <= 0 ? options.length - 1 : index - 1))
            } else if (event.key === 'Enter' && expanded && active >= 0) {
              event.preventDefault()
              pick(options[active]!)
            } else if (event.key === 'Escape' && expanded) {
              event.preventDefault()
              setOpen(false)
            }
          }}
        />
        {!ready && apiKey && !failed && (
          <LoaderCircleIcon className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-gray-500" aria-hidden />
        )}
      </div>
      <ul
        id={listId}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list of options is what the ARIA combobox pattern's listbox is
        role="listbox"
        aria-label="Indirizzi suggeriti"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-30 mt-1 max-h-[300px] min-h-[140px] overflow-y-auto rounded-md border border-gray-200 bg-white py-1 shadow-lg"
      >
        {options.map((suggestion, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the input, which picks options with the arrows and Enter
          // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the input; aria-activedescendant names the active option
          <li
            key={suggestion.placeId}
            id={`${id}-opzione-${index}`}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an item of the combobox's listbox, named by aria-activedescendant
            role="option"
            aria-selected={index === active}
            className={`flex cursor-pointer items-start gap-2 px-3 py-2 text-sm ${index === active ? 'bg-brand-50 text-brand-800' : 'text-ink'}`}
            // mousedown keeps the focus in the input, so blur does not close the list before the click lands
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => setActive(index)}
            onClick={() => pick(suggestion)}
          >
            <MapPinIcon className={`mt-0.5 size-4 shrink-0 text-gray-500 ${suggestion === MORE ? 'invisible' : ''}`} aria-hidden />
            <span>
              <span className="font-medium">{suggestion.mainText}</span>
              {suggestion.secondaryText && <span className="block text-xs text-muted">{suggestion.secondaryText}</span>}
            </span>
          </li>
        ))}
      </ul>
      {(hint || status) && (
        <p id={hintId} className="text-xs text-muted" aria-live="polite">
          {status ?? hint}
        </p>
      )}
    </div>
  )
}
