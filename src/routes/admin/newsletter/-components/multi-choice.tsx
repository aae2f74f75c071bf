import { CheckIcon, ChevronDownIcon, XIcon } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useId, useMemo, useRef, useState } from 'react'
import { Label } from '#src/components/ui/label.tsx'
import { comboboxAttributes } from '#src/lib/combobox.ts'
import { countOf } from '#shared/plural.ts'

export type Choice = { value: string; label: string }

/** 'Cinisello Balsamo' is found by 'cinisello' and 'Cantù' by 'cantu'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('it')

/**
 * A searchable multiple choice with chips (the ARIA combobox pattern with a multi-selectable listbox in a Radix
 * popover): the focus stays in the search box, the arrows move through the options, Enter chooses or drops one,
 * Backspace in an empty box drops the last chip, Escape closes. Each chip has its own remove button.
 */
export function MultiChoice({
  id,
  label,
  hint,
  options,
  value,
  onChange,
}: {
  id: string
  label: string
  hint: string
  options: Choice[]
  value: string[]
  onChange: (next: string[]) => void
}) {
  const listId = `${id}-options`
  const hintId = `${id}-hint`
  const optionId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [query, setQuery] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options])
  const shown = useMemo(() => {
    const needle = folded(query.trim())
    return needle ? options.filter((option) => folded(option.label).includes(needle)) : options
  }, [options, query])
  const current = Math.min(active, shown.length - 1)

  const toggle = (choice: string) => {
    if (value.includes(choice)) return onChange(value.filter((item) => item !== choice))
    onChange([...value, choice])
    // Chosen: the search starts again for the next one.
    if (query) {
      setQuery('')
      setActive(0)
    }
  }
  const move = (to: number) => {
    setActive(to)
    document.getElementById(`${optionId}-${to}`)?.scrollIntoView({ block: 'nearest' })
  }

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label}: scelti`}>
          {value.map((choice) => (
            <li key={choice} className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-0.5 pl-2.5 text-sm text-brand-800">
              {labels.get(choice) ?? choice}
              <button
                type="button"
                className="inline-flex size-7 items-center justify-center rounded-full hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label={`Rimuovi ${labels.get(choice) ?? choice}`}
                onClick={() => {
                  onChange(value.filter((item) => item !== choice))
                  input.current?.focus()
                }}
              >
                <XIcon className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Anchor asChild>
          <div className="relative">
            <input
              ref={input}
              id={id}
              {...comboboxAttributes(listId, open, open && current >= 0 ? `${optionId}-${current}` : undefined)}
              aria-describedby={hintId}
              placeholder="Cerca…"
              value={query}
              className="h-10 w-full rounded-md border border-gray-300 bg-white pr-9 pl-3 text-base text-ink placeholder:text-gray-500 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 md:text-sm"
              onChange={(event) => {
                setQuery(event.target.value)
                setActive(0)
                setOpen(true)
              }}
              onClick={() => setOpen(true)}
              onKeyDown={(event) => {
                if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
                  event.preventDefault()
                  if (!open) return setOpen(true)
                  if (shown.length) move((current + (event.key === 'ArrowDown' ? 1 : shown.length - 1)) % shown.length)
                } else if ((event.key === 'Home' || event.key === 'End') && open && shown.length) {
                  event.preventDefault()
                  move(event.key === 'Home' ? 0 : shown.length - 1)
                } else if (event.key === 'Enter') {
                  // Enter never submits the campaign from here.
                  event.preventDefault()
                  if (open && current >= 0) toggle(shown[current]!.value)
                  else setOpen(true)
                } else if (event.key === 'Escape' && open) {
                  event.preventDefault()
                  event.stopPropagation()
                  setOpen(false)
                } else if (event.key === 'Backspace' && query === '' && value.length) {
                  onChange(value.slice(0, -1))
                } else if (event.key === 'Tab') {
                  setOpen(false)
                }
              }}
            />
            <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-gray-500" aria-hidden />
          </div>
        </Popover.Anchor>
        {/* In place rather than in a portal: the list stays inside the page's landmarks, beside its search box. */}
        <Popover.Content
          // The list belongs to the search box (aria-controls): no dialog of its own, and the focus stays in the box.
          role="presentation"
          align="start"
          sideOffset={4}
          onOpenAutoFocus={(event) => event.preventDefault()}
          onCloseAutoFocus={(event) => event.preventDefault()}
          onInteractOutside={(event) => {
            if (event.target instanceof Node && input.current?.parentElement?.contains(event.target)) event.preventDefault()
          }}
          className="z-50 w-(--radix-popover-trigger-width) rounded-md border border-gray-200 bg-white py-1 shadow-lg"
        >
          <ul
            id={listId}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a list of options is what the ARIA combobox pattern's listbox is
            role="listbox"
            aria-multiselectable="true"
            aria-label={label}
            className="max-h-64 overflow-y-auto"
          >
            {shown.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard stays in the search box, which chooses options with the arrows and Enter
              // biome-ignore lint/a11y/useFocusableInteractive: the focus stays in the search box; aria-activedescendant names the active option
              <li
                key={option.value}
                id={`${optionId}-${index}`}
                // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: an option of the combobox's listbox, chosen or not (aria-selected)
                role="option"
                aria-selected={value.includes(option.value)}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${index === current ? 'bg-brand-50 text-brand-800' : 'text-ink'}`}
                // mousedown keeps the focus in the search box
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => toggle(option.value)}
              >
                <CheckIcon className={`size-4 shrink-0 ${value.includes(option.value) ? 'text-brand-700' : 'invisible'}`} aria-hidden />
                {option.label}
              </li>
            ))}
          </ul>
          {shown.length === 0 ? <p className="px-3 py-2 text-sm text-muted">Nessun risultato per «{query.trim()}».</p> : null}
        </Popover.Content>
      </Popover.Root>
      <p id={hintId} className="text-xs text-muted" aria-live="polite">
        {value.length ? `${countOf(value.length, 'scelto', 'scelti')}.` : 'Nessuna scelta: tutti.'} {hint}
      </p>
    </div>
  )
}
