import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { MapPinOffIcon } from 'lucide-react'
import { useTRPC } from '#src/lib/trpc.tsx'
import { countOf } from '#shared/plural.ts'

/** The craftsmen whose zones name no comune of the catalogue, for the office to fix on their page; nothing when none. */
export function UnmatchedZones() {
  const trpc = useTRPC()
  const { data } = useQuery(trpc.admin.artisans.unmatchedZones.queryOptions())
  if (!data?.total) return null
  return (
    <section aria-labelledby="unmatched-zones-title" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
      <h2 id="unmatched-zones-title" className="flex items-center gap-2 font-semibold">
        <MapPinOffIcon className="size-4 shrink-0" aria-hidden />
        {countOf(data.total, 'artigiano ha', 'artigiani hanno')} zone da correggere
      </h2>
      <p className="text-sm">Zone che non corrispondono a nessun comune: apri l'artigiano e indica i comuni giusti in “Copertura e disponibilità”.</p>
      <ul className="grid gap-1 text-sm">
        {data.artisans.map((artisan) => (
          <li key={artisan.id} className="[overflow-wrap:anywhere]">
            <Link className="font-medium underline" to="/admin/artisans/$artisanId" params={{ artisanId: String(artisan.id) }}>
              {artisan.name}
            </Link>
            : {artisan.zones.join(', ')}
          </li>
        ))}
      </ul>
      {data.total > data.artisans.length && <p className="text-sm">…e {countOf(data.total - data.artisans.length, 'altro', 'altri')}.</p>}
    </section>
  )
}
