import { Link } from '@tanstack/react-router'
import type { SiteImage } from '#shared/images.ts'

type CardService = { id: string; name: string; path: string; shortDescription: string; image: SiteImage }

const frame = 'overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm transition hover:border-brand-600 hover:shadow-md'

/**
 * A service as a card: its picture, name and short description, linking to its page. `beside` puts the picture at the side
 * on phones.
 */
export function ServiceCard({ service, beside = false, eager = false }: { service: CardService; beside?: boolean; eager?: boolean }) {
  return (
    <li>
      <Link to={service.path} className={beside ? `group flex h-full ${frame} sm:block` : `group block h-full ${frame}`}>
        <img
          src={service.image.src}
          width={service.image.width}
          height={service.image.height}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className={
            beside ? 'w-28 shrink-0 bg-gray-100 object-cover sm:aspect-[3/2] sm:h-auto sm:w-full' : 'aspect-[3/2] h-auto w-full bg-gray-100 object-cover'
          }
        />
        <div className="p-4">
          <h3 className="text-lg font-semibold group-hover:text-brand-700">{service.name}</h3>
          <p className="mt-1 text-sm text-muted">{service.shortDescription}</p>
        </div>
      </Link>
    </li>
  )
}
