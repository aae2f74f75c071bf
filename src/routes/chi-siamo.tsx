import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/chi-siamo')({
  head: ({ match }) => pageHead({ title: 'Chi Siamo - Artigiani Milano', description: 'Una rete di artigiani selezionati e verificati al servizio delle famiglie e delle imprese di Milano e provincia.', keywords: null, path: '/chi-siamo', publicUrl: match.context.publicUrl }),
  component: Page,
})

function Page() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Chi Siamo</h1>
      <p className="mt-4 text-muted">Una rete di artigiani selezionati e verificati al servizio delle famiglie e delle imprese di Milano e provincia.</p>
    </main>
  )
}
