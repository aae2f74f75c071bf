import { useRouter } from '@tanstack/react-router'
import type * as React from 'react'

/**
 * A long list of links in 2 columns on phones, 3 from 768 px and 4 from 1024 px (docs/product.md §2.2, 2.3).
 * Plain anchors with one delegated click handler: a router Link per item made hydration of 133 links slow on phones.
 */
export function LinkColumns({ links, label }: { links: { path: string; name: string }[]; label: string }) {
  const router = useRouter()
  const onClick = (event: React.MouseEvent<HTMLUListElement>) => {
    const anchor = (event.target as HTMLElement).closest('a')
    if (!anchor || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    void router.navigate({ to: anchor.getAttribute('href')! })
  }
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the anchors inside are the keyboard targets; Enter on them fires this click
    <ul aria-label={label} className="grid grid-cols-2 gap-x-4 gap-y-1 md:grid-cols-3 lg:grid-cols-4" onClick={onClick}>
      {links.map((link) => (
        <li key={link.path} className="min-w-0">
          <a href={link.path} className="block truncate rounded px-1 py-1.5 text-sm text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline">
            {link.name}
          </a>
        </li>
      ))}
    </ul>
  )
}
