import { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { newsletterSecret, verifyUnsubscribeToken } from '../newsletter/unsubscribe-token.ts'
import { isEmailSuppressed, suppressEmail } from '../repositories/newsletter.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!)

/** m***@example.com: enough to recognise one's address on a forwarded link, not enough to read it off a screen. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} - Artigiani Milano</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f8fafc;color:#0f172a}
main{max-width:32rem;margin:4rem auto;padding:2rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem}
h1{font-size:1.5rem;margin:0 0 1rem}
p{line-height:1.6;color:#334155}
button{font:inherit;font-weight:600;color:#fff;background:#dc2626;border:0;border-radius:.5rem;padding:.75rem 1.25rem;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
a{color:#b91c1c}
@media (max-width:40rem){main{margin:1rem;padding:1.25rem}}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
<p><a href="/">Torna alla home page</a></p>
</main>
</body>
</html>`
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

const INVALID = page(
  'Link non valido',
  "<p>Il link per annullare l'iscrizione non è valido o è stato modificato. Usa il link presente nell'ultima email che hai ricevuto.</p>",
)

/**
 * /unsubscribe?token=…: POST unsubscribes at once (RFC 8058 one-click from the mail client, or the confirmation button);
 * GET only asks for confirmation, because link scanners open every URL of a mail.
 */
export function createUnsubscribeRoutes({ db, env, logger }: { db: DB; env: Env; logger: Logger }) {
  const routes = new Hono()
  let secret: Promise<string> | null = null
  const verify = async (token: string | undefined) => {
    secret ??= newsletterSecret(db, env.NEWSLETTER_SECRET)
    return token ? verifyUnsubscribeToken(await secret, token) : null
  }

  routes.get('/unsubscribe', async (c) => {
    const token = c.req.query('token')
    const email = await verify(token)
    if (!email) return c.html(INVALID, 400, PAGE_HEADERS)
    if (await isEmailSuppressed(db, email)) {
      return c.html(
        page('Iscrizione già annullata', `<p>L'indirizzo ${escapeHtml(maskEmail(email))} non riceve più le nostre newsletter.</p>`),
        200,
        PAGE_HEADERS,
      )
    }
    return c.html(
      page(
        "Annulla l'iscrizione",
        `<p>Vuoi smettere di ricevere le newsletter di Artigiani Milano all'indirizzo ${escapeHtml(maskEmail(email))}?</p>
<form method="post" action="/unsubscribe?token=${escapeHtml(encodeURIComponent(token!))}">
<button type="submit">Conferma disiscrizione</button>
</form>`,
      ),
      200,
      PAGE_HEADERS,
    )
  })

  routes.post('/unsubscribe', async (c) => {
    const email = await verify(c.req.query('token'))
    if (!email) {
      logger.warn('unsubscribe refused: invalid or altered token')
      return c.html(INVALID, 400, PAGE_HEADERS)
    }
    const added = await suppressEmail(db, email, 'unsubscribed')
    logger.info({ alreadySuppressed: !added }, 'newsletter unsubscribe')
    return c.html(
      page('Iscrizione annullata', `<p>Fatto: l'indirizzo ${escapeHtml(maskEmail(email))} non riceverà più le nostre newsletter.</p>`),
      200,
      PAGE_HEADERS,
    )
  })

  return routes
}
