import { Link } from '@tanstack/react-router'
import type { CategoryPageData } from '#src/lib/site-data.ts'
import { PageHero } from './page-hero.tsx'
import { ServiceCard } from './service-card.tsx'

/** /{categorySlug}: the category and its services (docs/product.md §2.2). */
export function CategoryPage({ page }: { page: CategoryPageData }) {
  return (
    <main id="contenuto" className="flex-1">
      <PageHero eyebrow="Categoria di servizi" lead={page.category.description}>
        {page.category.name}
      </PageHero>
      <section aria-labelledby="servizi-categoria" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="servizi-categoria" className="text-2xl font-bold">
          I servizi di {page.category.name}
        </h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {page.services.map((service, index) => (
            // The first row is in view on arrival.
            <ServiceCard key={service.id} service={service} eager={index < 3} />
          ))}
        </ul>
        <h2 className="mt-12 text-xl font-bold">Altre categorie</h2>
        <ul className="mt-4 flex flex-wrap gap-3">
          {page.otherCategories.map((category) => (
            <li key={category.slug}>
              <Link
                to="/$slug"
                params={{ slug: category.slug }}
                className="inline-block rounded-full border border-gray-300 px-4 py-2 text-sm font-medium hover:border-brand-600 hover:text-brand-700"
              >
                {category.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  )
}
