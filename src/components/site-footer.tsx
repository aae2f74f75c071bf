import { Link } from '@tanstack/react-router'
import { SITE_NAME } from '../lib/seo-head.ts'
import { CookiePreferencesButton } from './consent-banner.tsx'

const linkClass = 'hover:text-white hover:underline'

export function SiteFooter() {
  const year = new Date().getFullYear()
  return (
    <footer className="mt-16 border-t border-gray-200 bg-gray-900 text-gray-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="text-base font-bold text-white">{SITE_NAME}</p>
          <p className="mt-2">Artigiani selezionati e verificati a Milano e provincia. Preventivi gratuiti e senza impegno.</p>
        </div>
        <nav aria-label="Servizi" className="grid content-start gap-2">
          <Link to="/i-nostri-artigiani" className={linkClass}>
            Tutti i servizi
          </Link>
          <Link to="/zone-servite" className={linkClass}>
            Zone Servite
          </Link>
          <Link to="/chi-siamo" className={linkClass}>
            Chi Siamo
          </Link>
          <Link to="/area-artigiani" className={linkClass}>
            Sei un artigiano? Entra nella rete
          </Link>
        </nav>
        <nav aria-label="Link utili" className="grid content-start gap-2">
          <Link to="/contattaci" className={linkClass}>
            Contattaci
          </Link>
          <Link to="/privacy-policy" className={linkClass}>
            Privacy Policy
          </Link>
          <CookiePreferencesButton className={`text-left ${linkClass}`} />
        </nav>
      </div>
      <p className="border-t border-gray-800 px-4 py-4 text-center text-xs text-gray-400">
        © {year} {SITE_NAME}. Tutti i diritti riservati.
      </p>
    </footer>
  )
}
