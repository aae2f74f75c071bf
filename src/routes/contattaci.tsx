import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/contattaci')({
  head: ({ match }) => pageHead({ title: 'Contattaci - Artigiani Milano', description: 'Scrivici per qualsiasi domanda sul servizio: ti rispondiamo al più presto.', keywords: null, path: '/contattaci', publicUrl: match.context.publicUrl }),
  component: Page,
})

function Page() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Contattaci</h1>
      <p className="mt-4 text-muted">Scrivici per qualsiasi domanda sul servizio: ti rispondiamo al più presto.</p>
    </main>
  )
}
