import { describe, expect, it } from 'vitest'
import { campaignContent, newsletterMail } from './message.ts'

const options = { publicUrl: 'https://www.artigianimilano.it', secret: 's'.repeat(40), mailtoAddress: 'noreply@artigianimilano.it' }

describe('a newsletter mail', () => {
  it('keeps the body as written, adds the footer before </body> and the one-click headers', () => {
    const body = '<html><body><h1>Ciao</h1><script>x()</script></body></html>'
    const mail = newsletterMail(campaignContent('Oggetto', body, 'users'), { email: 'Mario@Example.com', emailNormalized: 'mario@example.com' }, options)
    expect(mail.to).toBe('Mario@Example.com')
    expect(mail.html.startsWith('<html><body><h1>Ciao</h1><script>x()</script><div')).toBe(true)
    expect(mail.html.endsWith('</div></body></html>')).toBe(true)
    expect(mail.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/www\.artigianimilano\.it\/unsubscribe\?token=[\w-]+\.[\w-]+>, <mailto:noreply@artigianimilano\.it\?subject=unsubscribe>$/,
    )
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(mail.text).toContain('CIAO')
    expect(mail.text).not.toContain('x()')
    expect(mail.text).toContain("Per annullare l'iscrizione: https://www.artigianimilano.it/unsubscribe?token=")
  })

  it('appends the footer to a fragment', () => {
    const mail = newsletterMail(campaignContent('Oggetto', '<p>Solo testo</p>', 'artisans'), { email: 'a@b.it', emailNormalized: 'a@b.it' }, options)
    expect(mail.html.startsWith('<p>Solo testo</p><div')).toBe(true)
    expect(mail.html).toContain('rete di artigiani')
  })
})
