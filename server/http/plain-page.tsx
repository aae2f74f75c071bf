import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.6;color:#334155}
button{font:inherit;font-weight:600;color:#fff;background:#dc2626;border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#b91c1c}
@media (max-width:40rem){main{margin:1rem;padding:1.25rem}}
`

/**
 * A page that renders without the app, its scripts or the database: the unsubscribe pages, the pages behind the links of
 * the offer and rating e-mails, and the error page a browser gets when the server fails. React escapes every value;
 * `style` is CSS added after the shared rules.
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
        <main>
          <h1>{title}</h1>
          {body}
          <p>
            <a href="/">Torna alla home page</a>
          </p>
        </main>
      </body>
    </html>
  )
  return `<!doctype html>\n${renderToStaticMarkup(page)}`
}

/** A plain page that says one thing. */
export const messagePage = (title: string, message: string, style?: string) => plainPage(title, <p>{message}</p>, style)
