import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/area-artigiani')({
  head: ({ match }) => pageHead({ title: 'Area Artigiani - Entra nella rete di Artigiani Milano', description: 'Sei un artigiano di Milano o provincia? Entra nella nostra rete e ricevi richieste di lavoro dalla tua zona.', keywords: null, path: '/area-artigiani', publicUrl: match.context.publicUrl }),
  component: Page,
})

function Page() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Area Artigiani</h1>
      <p className="mt-4 text-muted">Sei un artigiano di Milano o provincia? Entra nella nostra rete e ricevi richieste di lavoro dalla tua zona.</p>
    </main>
  )
}
