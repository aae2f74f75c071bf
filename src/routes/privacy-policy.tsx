import { createFileRoute } from '@tanstack/react-router'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/privacy-policy')({
  head: ({ match }) => pageHead({ title: 'Privacy Policy - Artigiani Milano', description: 'Come trattiamo i dati personali di chi usa il sito e chiede un preventivo.', keywords: null, path: '/privacy-policy', publicUrl: match.context.publicUrl }),
  component: Page,
})

function Page() {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-6xl flex-1 px-4 py-10">
      <h1 className="text-3xl font-bold">Privacy Policy</h1>
      <p className="mt-4 text-muted">Come trattiamo i dati personali di chi usa il sito e chiede un preventivo.</p>
    </main>
  )
}
