import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { Button } from './ui/button.tsx'

/** A gap in the page numbers, after the first page or before the last: at most one of each. */
type Gap = 'gap-after-first' | 'gap-before-last'

/** Page numbers to show: all when 5 or fewer, else first, last, gaps and a window around the current page. */
export function pageNumbers(current: number, total: number): Array<number | Gap> {
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1)
  const window = [current - 1, current, current + 1].filter((p) => p > 1 && p < total)
  const pages: Array<number | Gap> = [1]
  if (window[0]! > 2) pages.push('gap-after-first')
  pages.push(...window)
  if (window.at(-1)! < total - 1) pages.push('gap-before-last')
  pages.push(total)
  return pages
}

/** Previous/next with the page-number bar (docs/product.md §9); hidden when there is one page. */
export function PageNumberBar({ page, pageCount, onPageChange }: { page: number; pageCount: number; onPageChange: (page: number) => void }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Paginazione" className="flex flex-wrap items-center justify-center gap-1 py-4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)} aria-label="Pagina precedente">
        <ChevronLeftIcon aria-hidden /> Precedente
      </Button>
      {pageNumbers(page, pageCount).map((entry) =>
        typeof entry === 'string' ? (
          <span key={entry} className="px-2 text-muted" aria-hidden>
            …
          </span>
        ) : (
          <Button
            key={entry}
            variant={entry === page ? 'default' : 'ghost'}
            size="sm"
            aria-current={entry === page ? 'page' : undefined}
            aria-label={`Pagina ${entry}`}
            className="min-w-9"
            onClick={() => onPageChange(entry)}
          >
            {entry}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)} aria-label="Pagina successiva">
        Successiva <ChevronRightIcon aria-hidden />
      </Button>
    </nav>
  )
}
