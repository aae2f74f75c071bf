import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLeadLinkToken } from '#server/leads/links.ts'
import { createUnsubscribeToken } from '#server/newsletter/unsubscribe-token.ts'
import { type AdminClient, startSignedIn } from './helpers/admin.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { readRows } from './helpers/database.ts'
import { htmlProblems } from './helpers/html-validate.ts'
import { linkIn, postForm, textOf, tokenOf } from './helpers/lead-answers.ts'
import type { RunningServer } from './helpers/server.ts'
import { mailEnv, type RunningSes, type SesEmail, startSes } from './helpers/ses.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password sicura 2026' }

let server: RunningServer
let ses: RunningSes
let trpc: AdminClient

// "Com'è andata?" as soon as a craftsman accepts, instead of a week later. No LEAD_LINK_SECRET: the server makes its own.
beforeAll(async () => {
  ses = await startSes()
  ;({ server, trpc } = await startSignedIn(ADMIN, { ...mailEnv(ses), RATING_REQUEST_AFTER_HOURS: '0' }))
})
afterAll(async () => {
  await server?.stop()
  await ses?.stop()
})

const rows = <T>(sql: string, ...params: unknown[]) => readRows<T>(server.databasePath, sql, ...params)
/** The secret the server generated for its links, to sign the tokens a test needs (an expired one). */
const linkSecret = () => rows<{ value: string }>("select value from app_settings where key = 'lead_link_secret'")[0]!.value
const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' })
const ratings = (leadId: number) =>
  rows<{ artisan_id: number; stars: number; outcome: string; comment: string | null }>(
    'select artisan_id, stars, outcome, comment from lead_ratings where lead_id = ? order by artisan_id',
    leadId,
  )

async function mailsTo(address: string, subject: (subject: string) => boolean, atLeast = 1): Promise<SesEmail[]> {
  let found: SesEmail[] = []
  await expect
    .poll(
      async () => {
        found = (await ses.emails()).filter((mail) => mail.destination.to.includes(address) && subject(mail.subject))
        return found.length
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(atLeast)
  return found
}

let serial = 0
/** A lead offered to two craftsmen: the first accepts, the second declines; returns the requester's rating link. */
async function acceptedLead() {
  const n = ++serial
  const requester = `valuta${n}@example.com`
  const leadId = await addLead(server.databasePath, quoteLead({ fullName: `Giorgio Sala ${n}`, email: requester }))
  const accepting = await addArtisan(
    server.databasePath,
    artisan({ email: `accetta${n}@artigiani.example`, contactName: `Marco Riva ${n}`, companyName: null }),
  )
  const declining = await addArtisan(server.databasePath, artisan({ email: `rifiuta${n}@artigiani.example`, contactName: `Paolo Neri ${n}` }))
  await trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [accepting, declining] })
  const [offerToFirst] = await mailsTo(`accetta${n}@artigiani.example`, (s) => s.startsWith('Nuovo lavoro'))
  const [offerToSecond] = await mailsTo(`rifiuta${n}@artigiani.example`, (s) => s.startsWith('Nuovo lavoro'))
  await postForm(server.url, '/lavori/rifiuta', { t: tokenOf(linkIn(offerToSecond!, '/lavori/rifiuta')) })
  expect((await postForm(server.url, '/lavori/accetta', { t: tokenOf(linkIn(offerToFirst!, '/lavori/accetta')) })).status).toBe(303)
  return { leadId, requester, accepting, declining }
}

describe("Com'è andata?", () => {
  it('is mailed once after the first acceptance, with a rating link and a one-click way out', async () => {
    const { leadId, requester, accepting } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    expect(mail!.subject).toBe("Com'è andata con la tua richiesta di Elettricista?")
    const text = textOf(mail!.body.html!)
    expect(text).toContain(`Marco Riva ${serial}`)
    expect(text).not.toContain(`Paolo Neri ${serial}`)
    // The headers handed to SES with the message (mime.test.ts checks they reach the MIME text as given).
    const [queued] = rows<{ headers: string }>("select headers from email_outbox where category = 'rating-request' and lead_id = ?", leadId)
    const headers = JSON.parse(queued!.headers) as Record<string, string>
    expect(headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/www\.artigianimilano\.it\/unsubscribe\?token=[\w-]+\.[\w-]+>, <mailto:noreply@artigianimilano\.it\?subject=unsubscribe>$/,
    )
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')

    const page = await get(linkIn(mail!, '/valutazione'))
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    expect(textOf(html)).toContain(`Marco Riva ${serial}`)
    expect(textOf(html)).not.toContain(`Paolo Neri ${serial}`)
    expect(html).toContain(`name="artigiano" value="${accepting}"`)
    // The sweep runs again on every acceptance: still one mail, and the lead is marked as asked.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect((await ses.emails()).filter((m) => m.destination.to.includes(requester) && m.subject.startsWith("Com'è andata"))).toHaveLength(1)
    expect(rows('select rating_request_due_at, rating_requested_at is not null as asked from leads where id = ?', leadId)).toEqual([
      { rating_request_due_at: null, asked: 1 },
    ])
  })

  it('stores a rating, and a second use of the link changes it instead of adding one', async () => {
    const { leadId, requester, accepting } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const link = linkIn(mail!, '/valutazione')
    const t = tokenOf(link)

    const saved = await postForm(server.url, '/valutazione', {
      t,
      artigiano: String(accepting),
      stelle: '5',
      esito: 'fatto',
      commento: '  Puntuale e pulito.  ',
    })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`/valutazione?t=${t}&salvato=${accepting}#valutazione-${accepting}`)
    expect(textOf(await (await get(saved.headers.get('location')!)).text())).toContain('Grazie! Abbiamo salvato la tua valutazione.')
    expect(ratings(leadId)).toEqual([{ artisan_id: accepting, stars: 5, outcome: 'fatto', comment: 'Puntuale e pulito.' }])

    expect((await postForm(server.url, '/valutazione', { t, artigiano: String(accepting), stelle: '3', esito: 'non_ancora', commento: '' })).status).toBe(303)
    expect(ratings(leadId)).toEqual([{ artisan_id: accepting, stars: 3, outcome: 'non_ancora', comment: null }])
    const page = await (await get(link)).text()
    expect(page).toMatch(/<input type="radio" id="valutazione-\d+-stelle-3" required="" name="stelle" checked="" value="3"\/>/)
    expect(page).toContain('Aggiorna la valutazione')

    const detail = await trpc.admin.leads.byId.query({ id: leadId })
    expect(detail.assignments.find((a) => a.artisan_id === accepting)!.rating).toMatchObject({ stars: 3, outcome: 'non_ancora' })
    expect(detail.timeline.filter((e) => e.kind === 'rated').map((e) => e.details)).toEqual([
      expect.objectContaining({ stars: 5, outcome: 'fatto', changed: false }),
      expect.objectContaining({ stars: 3, outcome: 'non_ancora', changed: true }),
    ])
    expect((await trpc.admin.artisans.responses.query({ id: accepting })).stats).toMatchObject({ ratings: 1, averageRating: 3 })
  })

  it('refuses a rating outside 1-5, a missing answer, a comment over 5,000 characters and a craftsman who did not accept, storing nothing', async () => {
    const { leadId, requester, accepting, declining } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const t = tokenOf(linkIn(mail!, '/valutazione'))
    const valid = { t, artigiano: String(accepting), stelle: '4', esito: 'fatto', commento: '' }
    const cases: [Record<string, string | string[]>, string][] = [
      ...['0', '6', '-1', '4.5', '1e0', 'cinque', '', ' 4'].map((stelle): [Record<string, string>, string] => [
        { ...valid, stelle },
        'Scegli un voto da 1 a 5 stelle.',
      ]),
      [{ ...valid, stelle: ['4', '5'] }, 'Scegli un voto da 1 a 5 stelle.'],
      [{ t, artigiano: String(accepting), esito: 'fatto' }, 'Scegli un voto da 1 a 5 stelle.'],
      [{ ...valid, esito: 'forse' }, 'Indica se il lavoro è stato fatto.'],
      [{ t, artigiano: String(accepting), stelle: '4' }, 'Indica se il lavoro è stato fatto.'],
      [{ ...valid, commento: 'a'.repeat(5001) }, 'Il commento può contenere al massimo 5000 caratteri.'],
      [{ ...valid, artigiano: String(declining) }, 'Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.'],
      [{ ...valid, artigiano: '999999' }, 'Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.'],
      [{ ...valid, artigiano: 'uno' }, 'Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.'],
    ]
    for (const [form, message] of cases) {
      const answer = await postForm(server.url, '/valutazione', form)
      expect(answer.status, JSON.stringify(form).slice(0, 120)).toBe(400)
      expect(textOf(await answer.text())).toContain(message)
    }
    expect(ratings(leadId)).toEqual([])
    expect(rows<{ n: number }>("select count(*) as n from lead_events where lead_id = ? and kind = 'rated'", leadId)).toEqual([{ n: 0 }])

    // The browser sends the form as it is (no bubble of its own), and the refusal is written under the field it is about,
    // which names it, on the page scrolled to that craftsman's form; what was answered stays chosen.
    const field = `valutazione-${accepting}`
    const noStars = await (await postForm(server.url, '/valutazione', { t, artigiano: String(accepting), esito: 'fatto', commento: 'Bene' })).text()
    expect(noStars).toContain(`<form noValidate="" action="/valutazione#${field}" method="post">`)
    expect(noStars).toContain(
      `<fieldset class="invalid" aria-describedby="${field}-stelle-errore"><legend>Il tuo voto</legend><p id="${field}-stelle-errore" class="field-error" role="alert">Scegli un voto da 1 a 5 stelle.</p>`,
    )
    expect(noStars).toMatch(/<input type="radio" required="" name="esito" checked="" value="fatto"\/>/)
    expect(noStars).toContain('>Bene</textarea>')
    expect(noStars).not.toContain('class="error"')
    expect(await htmlProblems(noStars)).toEqual([])
    const tooLong = await (await postForm(server.url, '/valutazione', { ...valid, commento: 'a'.repeat(5001) })).text()
    expect(tooLong).toMatch(new RegExp(`<textarea [^>]*aria-invalid="true" class="invalid" aria-describedby="${field}-commento-errore"`))
    expect(tooLong).toContain(`<p id="${field}-commento-errore" class="field-error" role="alert">Il commento può contenere al massimo 5000 caratteri.</p>`)
    expect(ratings(leadId)).toEqual([])

    // Forged and cross-purpose links: the rating page of another lead, an offer link used here.
    const forged = createLeadLinkToken('un segreto che il server non conosce affatto 42', { purpose: 'rate', leadId, expiresAt: Date.now() + 86_400_000 })
    // One character of the signature changed, away from the last one, whose spare bits base64 decoding may ignore.
    const at = t.length - 5
    const altered = `${t.slice(0, at)}${t[at] === 'x' ? 'y' : 'x'}${t.slice(at + 1)}`
    for (const token of [forged, altered, t.replace(/^r\./, 'a.')]) {
      expect((await postForm(server.url, '/valutazione', { ...valid, t: token })).status).toBe(400)
      expect((await get(`/valutazione?t=${encodeURIComponent(token)}`)).status).toBe(400)
    }
    const expired = createLeadLinkToken(linkSecret(), { purpose: 'rate', leadId, expiresAt: Date.now() - 1 })
    const late = await postForm(server.url, '/valutazione', { ...valid, t: expired })
    expect(late.status).toBe(410)
    expect(textOf(await late.text())).toContain('Questo link per la valutazione è scaduto.')
    expect(ratings(leadId)).toEqual([])
  })

  it('refuses a rating of a craftsman who gave the job back, as the page no longer lists them, storing nothing', async () => {
    const n = ++serial
    const requester = `rinuncia${n}@example.com`
    const leadId = await addLead(server.databasePath, quoteLead({ fullName: `Elena Fumagalli ${n}`, email: requester }))
    const staying = await addArtisan(server.databasePath, artisan({ email: `resta${n}@artigiani.example`, contactName: `Sergio Galli ${n}` }))
    const leaving = await addArtisan(server.databasePath, artisan({ email: `lascia${n}@artigiani.example`, contactName: `Bruno Conti ${n}` }))
    await trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [staying, leaving] })
    const accept = async (email: string) => {
      const [offer] = await mailsTo(email, (s) => s.startsWith('Nuovo lavoro'))
      const t = tokenOf(linkIn(offer!, '/lavori/accetta'))
      expect((await postForm(server.url, '/lavori/accetta', { t })).status).toBe(303)
      return t
    }
    await accept(`resta${n}@artigiani.example`)
    expect((await postForm(server.url, '/lavori/rinuncia', { t: await accept(`lascia${n}@artigiani.example`) })).status).toBe(303)
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const link = linkIn(mail!, '/valutazione')
    const page = await (await get(link)).text()
    expect(page).toContain(`name="artigiano" value="${staying}"`)
    expect(page).not.toContain(`name="artigiano" value="${leaving}"`)

    const answer = await postForm(server.url, '/valutazione', { t: tokenOf(link), artigiano: String(leaving), stelle: '1', esito: 'non_contattato' })
    expect(answer.status).toBe(400)
    expect(textOf(await answer.text())).toContain('Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.')
    expect(ratings(leadId)).toEqual([])
    expect(rows<{ n: number }>("select count(*) as n from lead_events where lead_id = ? and kind = 'rated'", leadId)).toEqual([{ n: 0 }])
    expect(rows<{ ratings: number }>('select ratings from artisan_response_totals where artisan_id = ?', leaving)).toEqual([{ ratings: 0 }])
  })

  it('stores a comment of 5,000 characters with HTML as text and never shows it as HTML', async () => {
    const { leadId, requester, accepting } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const link = linkIn(mail!, '/valutazione')
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&'
    const comment = `${hostile}${'è'.repeat(5000 - hostile.length)}`
    expect(comment).toHaveLength(5000)
    const saved = await postForm(server.url, '/valutazione', {
      t: tokenOf(link),
      artigiano: String(accepting),
      stelle: '2',
      esito: 'non_contattato',
      commento: comment,
    })
    expect(saved.status).toBe(303)
    expect(ratings(leadId)).toEqual([{ artisan_id: accepting, stars: 2, outcome: 'non_contattato', comment }])
    const page = await (await get(link)).text()
    expect(page).not.toContain('<script>alert(1)</script>')
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#x27;&amp;')
    const detail = await trpc.admin.leads.byId.query({ id: leadId })
    expect(detail.assignments.find((a) => a.artisan_id === accepting)!.rating!.comment).toBe(comment)
  })

  it('is not mailed to a requester who asked for no more such e-mails', async () => {
    const n = ++serial
    const requester = `nomail${n}@example.com`
    const leadId = await addLead(server.databasePath, quoteLead({ email: requester }))
    const artisanId = await addArtisan(server.databasePath, artisan({ email: `solo${n}@artigiani.example` }))
    // The requester unsubscribed from an earlier "Com'è andata?" (the one-click link of its List-Unsubscribe header).
    const earlier = await acceptedLead()
    const [first] = await mailsTo(earlier.requester, (s) => s.startsWith("Com'è andata"))
    const unsubscribe = linkIn(first!, '/unsubscribe')
    const token = new URL(unsubscribe, server.url).searchParams.get('token')!
    expect(token).toBeTruthy()
    const other = await fetch(`${server.url}/unsubscribe?token=${token}`, { method: 'POST' })
    expect(other.status).toBe(200)
    expect(rows('select reason from email_suppressions where email_normalized = ?', earlier.requester)).toEqual([{ reason: 'unsubscribed' }])

    // This requester is suppressed the same way before their lead is accepted.
    const [{ value: secret }] = rows<{ value: string }>("select value from app_settings where key = 'newsletter_secret'") as [{ value: string }]
    expect((await fetch(`${server.url}/unsubscribe?token=${createUnsubscribeToken(secret, requester)}`, { method: 'POST' })).status).toBe(200)
    await trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisanId] })
    const [offer] = await mailsTo(`solo${n}@artigiani.example`, (s) => s.startsWith('Nuovo lavoro'))
    await postForm(server.url, '/lavori/accetta', { t: tokenOf(linkIn(offer!, '/lavori/accetta')) })
    // The introduction still goes: it is the answer to their request.
    await mailsTo(requester, (s) => s.includes('ha accettato la tua richiesta'))
    await expect.poll(() => rows<{ due: string | null }>('select rating_request_due_at as due from leads where id = ?', leadId)[0]!.due).toBeNull()
    expect(rows('select rating_requested_at from leads where id = ?', leadId)).toEqual([{ rating_requested_at: null }])
    expect((await ses.emails()).filter((m) => m.destination.to.includes(requester) && m.subject.startsWith("Com'è andata"))).toEqual([])
  })
})
