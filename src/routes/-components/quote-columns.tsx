import { type HistoryState, useNavigate } from '@tanstack/react-router'
import { CheckCircle2Icon } from 'lucide-react'
import type * as React from 'react'
import { OptionPicker } from '#src/components/option-picker.tsx'

/** The body of service, town and service-in-town pages: the page's own content, and beside it the quote request. */
export function QuoteColumns({ quoteTitle, quote, children }: { quoteTitle: string; quote: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[1fr_26rem]">
      {children}
      <section aria-labelledby="richiesta" className="h-fit rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6 lg:sticky lg:top-20">
        <h2 id="richiesta" className="text-xl font-bold">
          {quoteTitle}
        </h2>
        <div className="mt-4 grid gap-4">{quote}</div>
      </section>
    </div>
  )
}

/** A service's description: its paragraphs, then what the visitor can count on, each with a check mark. */
export function ServiceDescription({
  title,
  paragraphs,
  promises,
  children,
}: {
  title: string
  paragraphs: string[]
  promises: string[]
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby="descrizione-servizio">
      <h2 id="descrizione-servizio" className="text-2xl font-bold">
        {title}
      </h2>
      <div className="mt-4 space-y-4 leading-relaxed text-muted">
        {paragraphs.map((paragraph) => (
          <p key={paragraph.slice(0, 32)}>{paragraph}</p>
        ))}
      </div>
      <ul className="mt-6 grid gap-2">
        {promises.map((text) => (
          <li key={text} className="flex items-center gap-2 font-medium">
            <CheckCircle2Icon className="size-5 text-green-700" aria-hidden />
            {text}
          </li>
        ))}
      </ul>
      {children}
    </section>
  )
}

type PageChoice = { value: string; name: string; path: string }

/** A picker whose options are pages: choosing one goes to it, with `state` in history when given. */
function PagePicker({
  label,
  value,
  choices,
  state,
}: {
  label: string
  value: string
  choices: PageChoice[]
  state?: (previous: HistoryState) => HistoryState
}) {
  const navigate = useNavigate()
  return (
    <OptionPicker
      label={label}
      value={value}
      options={choices.map((choice) => ({ value: choice.value, label: choice.name }))}
      onChange={(chosen) => {
        const next = choices.find((choice) => choice.value === chosen)
        if (next) void navigate({ to: next.path, state })
      }}
    />
  )
}

/** 'Scegli il servizio': each option leads to that service's page in the same place. */
export function ServicePagePicker({
  value,
  options,
  state,
}: {
  value: string
  options: { id: string; name: string; path: string }[]
  state?: (previous: HistoryState) => HistoryState
}) {
  return <PagePicker label="Scegli il servizio" value={value} choices={options.map((option) => ({ ...option, value: option.id }))} state={state} />
}

/** 'Scegli il comune': each option leads to the same page in that town. */
export function TownPagePicker({ value, options }: { value: string; options: { slug: string; name: string; path: string }[] }) {
  return <PagePicker label="Scegli il comune" value={value} choices={options.map((option) => ({ ...option, value: option.slug }))} />
}
