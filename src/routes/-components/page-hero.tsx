import type * as React from 'react'
import type { SiteImage } from '#shared/images.ts'

/** The title band of service, town and service-in-town pages; its picture is the largest of the page, so it is not lazy. */
export function PageHero({ image, eyebrow, children, lead }: { image?: SiteImage; eyebrow?: string; children: React.ReactNode; lead?: string }) {
  return (
    <section className="relative overflow-hidden bg-ink text-white">
      {image && (
        <img
          src={image.src}
          width={image.width}
          height={image.height}
          alt=""
          fetchPriority="high"
          className="absolute inset-y-0 right-0 h-full w-full object-cover opacity-70 md:w-2/3"
        />
      )}
      {/* Keeps the title readable over the picture. */}
      <div className="absolute inset-0 bg-gradient-to-r from-ink via-ink/85 to-ink/30" aria-hidden />
      {/* Shorter on a phone, where the quote card follows it on the first screen. */}
      <div className="relative mx-auto max-w-6xl px-4 py-8 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight sm:text-4xl">{children}</h1>
        {lead && <p className="mt-3 max-w-2xl text-base text-gray-100 sm:mt-4 sm:text-lg">{lead}</p>}
      </div>
    </section>
  )
}
