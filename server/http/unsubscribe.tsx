import { Hono } from 'hono'
import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { newsletterSecret, verifyUnsubscribeToken } from '../newsletter/unsubscribe-token.ts'
import { isEmailSuppressed, suppressEmail } from '../repositories/suppressions.ts'
import { messagePage, plainPage } from './plain-page.tsx'

/** m***@example.com: enough to recognise one's address on a forwarded link, not enough to read it off a screen. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@')
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`
}

const PAGE_HEADERS = {
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
}

const INVALID = messagePage(
  'Link non valido',
  "Il link per annullare l'iscrizione non è valido o è stato modificato. Usa il link presente nell'ultima email che hai ricevuto.",
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
    const target = await verify(token)
    if (!target) return c.html(INVALID, 400, PAGE_HEADERS)
    const { email } = target
    if (await isEmailSuppressed(db, email)) {
      return c.html(
        messagePage('Iscrizione già annullata', `L'indirizzo ${maskEmail(email)} non riceve più le nostre newsletter né le richieste di valutazione.`),
        200,
        PAGE_HEADERS,
      )
    }
    return c.html(
      plainPage(
        "Annulla l'iscrizione",
        <>
          <p>{`Vuoi smettere di ricevere le newsletter e le richieste di valutazione di Artigiani Milano all'indirizzo ${maskEmail(email)}?`}</p>
          <form method="post" action={`/unsubscribe?token=${encodeURIComponent(token!)}`}>
            <button type="submit">Conferma disiscrizione</button>
          </form>
        </>,
      ),
      200,
      PAGE_HEADERS,
    )
  })

  routes.post('/unsubscribe', async (c) => {
    const target = await verify(c.req.query('token'))
    if (!target) {
      logger.warn('unsubscribe refused: invalid or altered token')
      return c.html(INVALID, 400, PAGE_HEADERS)
    }
    const { email, jobId } = target
    const added = await suppressEmail(db, email, 'unsubscribed', jobId)
    logger.info({ alreadySuppressed: !added, jobId }, 'newsletter unsubscribe')
    return c.html(
      messagePage('Iscrizione annullata', `Fatto: l'indirizzo ${maskEmail(email)} non riceverà più le nostre newsletter né le richieste di valutazione.`),
      200,
      PAGE_HEADERS,
    )
  })

  return routes
}
