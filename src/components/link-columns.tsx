/**
 * A long list of links in 2 columns on phones, 3 from 768 px and 4 from 1024 px (docs/product.md §2.2, 2.3). Names wrap
 * rather than being cut. `spoken` goes before each name for screen readers only, where the heading above the list says
 * it to the eye ("Elettricista" before "Sesto San Giovanni"), so a link read out of its list still names its page.
 */
export function LinkColumns({ links, label, spoken }: { links: { path: string; name: string }[]; label: string; spoken?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-3 lg:grid-cols-4">
      {links.map((link) => (
        <li key={link.path} className="min-w-0">
          <a href={link.path} className="block rounded px-1 py-1.5 text-sm break-words text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline">
            {spoken && <span className="sr-only">{`${spoken} `}</span>}
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  )
}
