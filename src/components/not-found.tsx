import { Link } from '@tanstack/react-router'
import { NOT_FOUND_TEXT, NOT_FOUND_TITLE } from '../lib/seo-head.ts'

export function NotFound() {
  return (
    <main id="contenuto" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-6xl font-extrabold text-brand-600">404</p>
      <h1 className="mt-4 text-3xl font-bold">{NOT_FOUND_TITLE}</h1>
      <p className="mt-4 text-muted">{NOT_FOUND_TEXT}</p>
      <Link to="/" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
        Torna alla Home
      </Link>
    </main>
  )
}
