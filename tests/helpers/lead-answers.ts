import type { SesEmail } from './ses.ts'

const PUBLIC_URL = 'https://www.artigianimilano.it'

/** The path and query of the first link of a mail that goes to `path` on the site (the test server answers it). */
export function linkIn(mail: SesEmail, path: '/lavori/accetta' | '/lavori/rifiuta' | '/valutazione' | '/unsubscribe'): string {
  const match = new RegExp(`${PUBLIC_URL.replaceAll('.', '\\.')}(${path}\\?[^"\\s<]+)`).exec(mail.body.html ?? '')
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`)
  return match[1]!.replaceAll('&amp;', '&')
}

export const tokenOf = (link: string) => new URL(link, PUBLIC_URL).searchParams.get('t')!

/** A form sent as a browser sends it, without following the redirect that answers it. */
export function postForm(serverUrl: string, path: string, fields: Record<string, string | string[]>): Promise<Response> {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  return fetch(`${serverUrl}${path}`, { method: 'POST', body, redirect: 'manual' })
}

/** The visible text of a page or mail, tags dropped and the entities React writes decoded, for readable assertions. */
export function textOf(html: string): string {
  return html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(lt|gt|quot|#x27|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#x27': "'", amp: '&' })[name]!)
    .replace(/\s+/g, ' ')
    .trim()
}
