import { Link } from '@tanstack/react-router'
import { SITE_NAME } from '../lib/site.ts'

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-900 text-gray-300">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p>
          © {year} {SITE_NAME}. Tutti i diritti riservati.
        </p>
        <nav aria-label="Link utili" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/contattaci" className="hover:text-white hover:underline">
            Contattaci
          </Link>
          <Link to="/zone-servite" className="hover:text-white hover:underline">
            Zone Servite
          </Link>
          <Link to="/privacy-policy" className="hover:text-white hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  )
}
