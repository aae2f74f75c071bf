import type * as React from 'react'

/** The heading of a content section; the section is labelled by its id. */
function SectionHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold sm:text-3xl">
      {children}
    </h2>
  )
}

/**
 * A titled section of a content page, in a centred column. With `band` the section spans the page with that background
 * and the column sits inside it.
 */
export function ContentSection({
  id,
  title,
  lead,
  band,
  width = 'max-w-6xl',
  anchor,
  children,
}: {
  id: string
  title: React.ReactNode
  lead?: string
  /** The classes of a full-width band, e.g. its background. */
  band?: string
  width?: string
  /** The section's own id, for links to it. */
  anchor?: string
  children: React.ReactNode
}) {
  const column = `mx-auto ${width} px-4 py-12`
  const content = (
    <>
      <SectionHeading id={id}>{title}</SectionHeading>
      {lead && <p className="mt-2 text-muted">{lead}</p>}
      {children}
    </>
  )
  return (
    <section id={anchor} aria-labelledby={id} className={band ?? column}>
      {band ? <div className={column}>{content}</div> : content}
    </section>
  )
}
