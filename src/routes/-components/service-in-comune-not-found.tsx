import { Link } from '@tanstack/react-router'
import { ctaClass } from '#src/lib/class-names.ts'
import { countOf } from '#shared/plural.ts'

export type ParamProblem = 'missing' | 'format' | 'comune' | 'service'

// The messages and delays of docs/product.md §8; the toast repeats the page's heading unless it has a title of its own.
const problems: Record<ParamProblem, { title: string; description?: string; toast?: string; delayMs: number }> = {
  missing: { title: 'Parametri URL mancanti.', toast: 'Errore URL', delayMs: 3000 },
  format: { title: 'Formato URL non corretto.', delayMs: 3000 },
  service: { title: 'Servizio non valido o non trovato. Sarai reindirizzato alla homepage.', delayMs: 5000 },
  comune: {
    title: 'Località non trovata',
    description: "La località specificata nell'URL non è valida. Sarai reindirizzato alla homepage.",
    delayMs: 5000,
  },
}

/** An /s/ address that names nothing, or no service in a known town: the spec's message, then home after its delay. */
export function ServiceInComuneNotFound({ reason }: { reason: ParamProblem }) {
  const problem = problems[reason]
  const shown = problem.toast ? { title: problem.toast, description: problem.title } : { title: problem.title, description: problem.description }
  // The toast and the move home are the browser's (src/islands/notices.tsx).
  return (
    <main
      id="contenuto"
      className="mx-auto w-full max-w-2xl flex-1 px-4 py-20 text-center"
      data-notice={JSON.stringify({ ...shown, variant: 'destructive' })}
      data-redirect-ms={problem.delayMs}
    >
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">{problem.title}</h1>
      {problem.description && <p className="mt-4 text-muted">{problem.description}</p>}
      <p className="mt-4 text-muted">Tra {countOf(problem.delayMs / 1000, 'secondo', 'secondi')} tornerai alla homepage.</p>
      <Link to="/" className={`${ctaClass} mt-8`}>
        Vai subito alla Home
      </Link>
    </main>
  )
}
