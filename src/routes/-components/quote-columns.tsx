import { CheckCircle2Icon } from 'lucide-react'
import type * as React from 'react'

/**
 * The body of service, town and service-in-town pages: the quote request and the page's own content. On a phone the
 * request comes first, right under the title, so it is on the first screen; from 1024 px it sits beside the content.
 */
export function QuoteColumns({ quoteTitle, quote, children }: { quoteTitle: string; quote: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-6 sm:py-10 lg:grid-cols-[1fr_26rem]">
      <section
        aria-labelledby="richiesta"
        className="h-fit rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6 lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1"
      >
        {/* A link to the form ("Chiedi un preventivo a ...") stops below the sticky header. */}
        <h2 id="richiesta" className="scroll-mt-24 text-xl font-bold">
          {quoteTitle}
        </h2>
        <div className="mt-4 grid gap-4">{quote}</div>
      </section>
      <div className="min-w-0 lg:col-start-1 lg:row-start-1">{children}</div>
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
