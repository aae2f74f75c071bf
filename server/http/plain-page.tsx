import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

// The site's frame (docs/product.md §2.1) in plain CSS: the red header with the mark and the name, the dark footer.
const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#1f2937;display:flex;flex-direction:column;min-height:100vh}
.skip{position:absolute;left:-999px;top:.5rem;background:#fff;color:#1f2937;padding:.5rem;border-radius:.25rem;z-index:1}
.skip:focus{left:.5rem}
header{background:#c81e1e;color:#fff;box-shadow:0 2px 4px rgb(0 0 0/.15)}
header div{max-width:72rem;margin:0 auto;padding:0 1rem;height:4rem;display:flex;align-items:center}
.brand{display:inline-flex;align-items:center;gap:.6rem;color:#fff;font-size:1.125rem;font-weight:800;letter-spacing:-.01em;text-decoration:none}
.brand svg{width:2rem;height:2rem;flex:none;border-radius:.4rem;box-shadow:0 0 0 1px rgb(255 255 255/.5)}
.brand:focus-visible{outline:3px solid #fff;outline-offset:3px;border-radius:.25rem}
main{flex:1 0 auto;width:100%;max-width:36rem;box-sizing:border-box;margin:2.5rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.6;color:#334155}
button{font:inherit;font-weight:600;color:#fff;background:#c81e1e;border:0;border-radius:.5rem;padding:.75rem 1.25rem;min-height:2.75rem;cursor:pointer}
button:hover{background:#a61b1b}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#a61b1b}
footer{background:#111827;color:#d1d5db;font-size:.875rem;text-align:center;padding:1.25rem 1rem}
footer p{color:inherit;margin:0}
footer a{color:#fff;margin:0 .35rem}
@media (max-width:40rem){main{margin:1rem auto;width:calc(100% - 2rem);padding:1.25rem}}
`

/** The site's mark (public/favicon.svg), inline: these pages' policy lets them load nothing. */
const Mark = () => (
  <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false">
    <rect width="32" height="32" rx="6" fill="#c81e1e" />
    <path d="M9 22l7-13 7 13h-3.2L16 14.6 12.2 22z" fill="#fff" />
  </svg>
)

/**
 * A page that renders without the app, its scripts or the database: the unsubscribe pages, the pages behind the links of
 * the offer and rating e-mails, and the error page a browser gets when the server fails. It wears the site's header and
 * footer so a visitor from a mail knows where they are. React escapes every value; `style` is CSS added after the shared rules.
 */
export function plainPage(title: string, body: ReactNode, style = ''): string {
  const page = (
    <html lang="it">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${title} - Artigiani Milano`}</title>
        <style>{STYLE + style}</style>
      </head>
      <body>
        <a className="skip" href="#contenuto">
          Vai al contenuto
        </a>
        <header>
          <div>
            <a className="brand" href="/">
              <Mark />
              Artigiani Milano
            </a>
          </div>
        </header>
        <main id="contenuto">
          <h1>{title}</h1>
          {body}
          <p>
            <a href="/">Torna alla home page</a>
          </p>
        </main>
        <footer>
          <p>
            © {new Date().getFullYear()} Artigiani Milano ·<a href="/contattaci">Contattaci</a>·<a href="/privacy-policy">Privacy Policy</a>
          </p>
        </footer>
      </body>
    </html>
  )
  return `<!doctype html>\n${renderToStaticMarkup(page)}`
}

/** A plain page that says one thing. */
export const messagePage = (title: string, message: string, style?: string) => plainPage(title, <p>{message}</p>, style)
