import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createLeadLinkToken } from '#server/leads/links.ts'
import { createUnsubscribeToken } from '#server/newsletter/unsubscribe-token.ts'
import { errorOf, serveSignedInWithMail } from './helpers/admin.ts'
import { startApp } from './helpers/app.ts'
import { addArtisan, addLead, artisan, quoteLead } from './helpers/admin-leads.ts'
import { changeRows, readRows } from './helpers/database.ts'
import { htmlProblems } from './helpers/html-validate.ts'
import { linkIn, postForm, textOf, tokenOf } from './helpers/lead-answers.ts'
import type { SesEmail } from './helpers/ses.ts'

const ADMIN = { email: 'ufficio@artigianimilano.it', password: 'password sicura 2026' }

// "Com'è andata?" as soon as a craftsman accepts, instead of a week later. No LEAD_LINK_SECRET: the server makes its own.
const site = serveSignedInWithMail(ADMIN, { RATING_REQUEST_AFTER_HOURS: '0' }, startApp)

const rows = <T>(sql: string, ...params: unknown[]) => readRows<T>(site.server.databasePath, sql, ...params)
/** The rating page's form, posted as the browser does. */
const rate = (fields: Parameters<typeof postForm>[2]) => postForm(site.server.url, '/valutazione', fields)
/** The secret the server generated for its links, to sign the tokens a test needs (an expired one). */
const linkSecret = () => rows<{ value: string }>("select value from app_settings where key = 'lead_link_secret'")[0]!.value
/** The public side of a lead's ratings, as the profile pages read it. */
const reviewsOf = (leadId: number) =>
  rows(
    'select artisan_id, stars, comment, author_label, comune, service_name, job_month, status, published_at from reviews where lead_id = ? order by artisan_id',
    leadId,
  )
const publicVersion = () => rows<{ value: string }>("select value from app_settings where key = 'public_profiles_version'")[0]?.value ?? '0'
const get = (path: string) => fetch(`${site.server.url}${path}`, { redirect: 'manual' })
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
        found = (await site.ses.emails()).filter((mail) => mail.destination.to.includes(address) && subject(mail.subject))
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
  const leadId = await addLead(site.server.databasePath, quoteLead({ fullName: `Giorgio Sala ${n}`, email: requester }))
  const accepting = await addArtisan(
    site.server.databasePath,
    artisan({ email: `accetta${n}@artigiani.example`, contactName: `Marco Riva ${n}`, companyName: null }),
  )
  const declining = await addArtisan(site.server.databasePath, artisan({ email: `rifiuta${n}@artigiani.example`, contactName: `Paolo Neri ${n}` }))
  await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [accepting, declining] })
  const [offerToFirst] = await mailsTo(`accetta${n}@artigiani.example`, (s) => s.startsWith('Nuovo lavoro'))
  const [offerToSecond] = await mailsTo(`rifiuta${n}@artigiani.example`, (s) => s.startsWith('Nuovo lavoro'))
  await postForm(site.server.url, '/lavori/rifiuta', { t: tokenOf(linkIn(offerToSecond!, '/lavori/rifiuta')) })
  expect((await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(linkIn(offerToFirst!, '/lavori/accetta')) })).status).toBe(303)
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
    expect((await site.ses.emails()).filter((m) => m.destination.to.includes(requester) && m.subject.startsWith("Com'è andata"))).toHaveLength(1)
    expect(rows('select rating_request_due_at, rating_requested_at is not null as asked from leads where id = ?', leadId)).toEqual([
      { rating_request_due_at: null, asked: 1 },
    ])
  })

  it('stores a rating with its review once per job: a second rating of the same craftsman is refused and changes nothing', async () => {
    const { leadId, requester, accepting } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const link = linkIn(mail!, '/valutazione')
    const t = tokenOf(link)
    const versionBefore = publicVersion()

    const saved = await rate({
      t,
      artigiano: String(accepting),
      stelle: '5',
      esito: 'fatto',
      commento: '  Puntuale e pulito.  ',
    })
    expect(saved.status).toBe(303)
    expect(saved.headers.get('location')).toBe(`/valutazione?t=${t}&salvato=${accepting}#valutazione-${accepting}`)
    const after = textOf(await (await get(saved.headers.get('location')!)).text())
    expect(after).toContain('Grazie! Abbiamo salvato la tua valutazione.')
    expect(after).toContain('Leggiamo il commento prima di pubblicarlo')
    expect(ratings(leadId)).toEqual([{ artisan_id: accepting, stars: 5, outcome: 'fatto', comment: 'Puntuale e pulito.' }])
    // The public side: the requester's first name and initial, the town and service of the lead, the month it was taken;
    // with a comment it waits for the office, so no public page changed.
    const [{ first_accepted_at }] = rows<{ first_accepted_at: string }>('select first_accepted_at from leads where id = ?', leadId) as [
      { first_accepted_at: string },
    ]
    expect(reviewsOf(leadId)).toEqual([
      {
        artisan_id: accepting,
        stars: 5,
        comment: 'Puntuale e pulito.',
        // The first name and the initial of the last word of 'Giorgio Sala <n>'.
        author_label: `Giorgio ${serial}.`,
        comune: 'Sesto San Giovanni',
        service_name: 'Elettricista',
        job_month: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' }).format(new Date(first_accepted_at)),
        status: 'pending',
        published_at: null,
      },
    ])
    expect(publicVersion()).toBe(versionBefore)

    const again = await rate({
      t,
      artigiano: String(accepting),
      stelle: '1',
      esito: 'non_ancora',
      commento: 'Cambio idea',
    })
    expect(again.status).toBe(409)
    const refused = textOf(await again.text())
    expect(refused).toContain('Hai già valutato questo artigiano per questa richiesta: la valutazione si dà una volta sola e non si può cambiare.')
    expect(ratings(leadId)).toEqual([{ artisan_id: accepting, stars: 5, outcome: 'fatto', comment: 'Puntuale e pulito.' }])
    expect(reviewsOf(leadId)).toEqual([expect.objectContaining({ stars: 5, comment: 'Puntuale e pulito.', status: 'pending' })])
    // The page shows the rating as given, with no form to change it.
    const page = await (await get(link)).text()
    expect(page).not.toContain(`name="artigiano" value="${accepting}"`)
    expect(textOf(page)).toContain('5 stelle')

    const detail = await site.trpc.admin.leads.byId.query({ id: leadId })
    expect(detail.assignments.find((a) => a.artisan_id === accepting)!.rating).toMatchObject({ stars: 5, outcome: 'fatto' })
    expect(detail.timeline.filter((e) => e.kind === 'rated').map((e) => e.details)).toEqual([
      expect.objectContaining({ stars: 5, outcome: 'fatto', review: 'pending' }),
    ])
    expect((await site.trpc.admin.artisans.responses.query({ id: accepting })).stats).toMatchObject({ ratings: 1, averageRating: 5 })
  })

  it('publishes a rating without a comment at once, and moves the public version with it', async () => {
    const { leadId, requester, accepting } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const versionBefore = Number(publicVersion())
    expect(
      (
        await rate({
          t: tokenOf(linkIn(mail!, '/valutazione')),
          artigiano: String(accepting),
          stelle: '4',
          esito: 'fatto',
          commento: '   ',
        })
      ).status,
    ).toBe(303)
    expect(reviewsOf(leadId)).toEqual([expect.objectContaining({ stars: 4, comment: null, status: 'published', published_at: expect.any(String) })])
    expect(Number(publicVersion())).toBe(versionBefore + 1)
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
      const answer = await rate(form)
      expect(answer.status, JSON.stringify(form).slice(0, 120)).toBe(400)
      expect(textOf(await answer.text())).toContain(message)
    }
    expect(ratings(leadId)).toEqual([])
    expect(reviewsOf(leadId)).toEqual([])
    expect(rows<{ n: number }>("select count(*) as n from lead_events where lead_id = ? and kind = 'rated'", leadId)).toEqual([{ n: 0 }])

    // The browser sends the form as it is (no bubble of its own), and the refusal is written under the field it is about,
    // which names it, on the page scrolled to that craftsman's form; what was answered stays chosen.
    const field = `valutazione-${accepting}`
    const noStars = await (await rate({ t, artigiano: String(accepting), esito: 'fatto', commento: 'Bene' })).text()
    expect(noStars).toContain(`<form noValidate="" action="/valutazione#${field}" method="post">`)
    expect(noStars).toContain(
      `<fieldset class="invalid" aria-describedby="${field}-stelle-errore"><legend>Il tuo voto</legend><p id="${field}-stelle-errore" class="field-error" role="alert">Scegli un voto da 1 a 5 stelle.</p>`,
    )
    expect(noStars).toMatch(/<input type="radio" required="" name="esito" checked="" value="fatto"\/>/)
    expect(noStars).toContain('>Bene</textarea>')
    expect(noStars).not.toContain('class="error"')
    expect(await htmlProblems(noStars)).toEqual([])
    const tooLong = await (await rate({ ...valid, commento: 'a'.repeat(5001) })).text()
    expect(tooLong).toMatch(new RegExp(`<textarea [^>]*aria-invalid="true" class="invalid" aria-describedby="${field}-commento-errore"`))
    expect(tooLong).toContain(`<p id="${field}-commento-errore" class="field-error" role="alert">Il commento può contenere al massimo 5000 caratteri.</p>`)
    expect(ratings(leadId)).toEqual([])

    // Forged and cross-purpose links: the rating page of another lead, an offer link used here.
    const forged = createLeadLinkToken('un segreto che il server non conosce affatto 42', { purpose: 'rate', leadId, expiresAt: Date.now() + 86_400_000 })
    // One character of the signature changed, away from the last one, whose spare bits base64 decoding may ignore.
    const at = t.length - 5
    const altered = `${t.slice(0, at)}${t[at] === 'x' ? 'y' : 'x'}${t.slice(at + 1)}`
    for (const token of [forged, altered, t.replace(/^r\./, 'a.')]) {
      expect((await rate({ ...valid, t: token })).status).toBe(400)
      expect((await get(`/valutazione?t=${encodeURIComponent(token)}`)).status).toBe(400)
    }
    // A link mailed 90 days ago (it worked for 60), and one a second past its end.
    for (const expiresAt of [Date.now() - 30 * 86_400_000, Date.now() - 1]) {
      const expired = createLeadLinkToken(linkSecret(), { purpose: 'rate', leadId, expiresAt })
      const late = await rate({ ...valid, t: expired })
      expect(late.status).toBe(410)
      expect(textOf(await late.text())).toContain('Questo link per la valutazione è scaduto.')
    }
    expect(ratings(leadId)).toEqual([])
    expect(reviewsOf(leadId)).toEqual([])
  })

  it('refuses a rating of a craftsman who gave the job back, as the page no longer lists them, storing nothing', async () => {
    const n = ++serial
    const requester = `rinuncia${n}@example.com`
    const leadId = await addLead(site.server.databasePath, quoteLead({ fullName: `Elena Fumagalli ${n}`, email: requester }))
    const staying = await addArtisan(site.server.databasePath, artisan({ email: `resta${n}@artigiani.example`, contactName: `Sergio Galli ${n}` }))
    const leaving = await addArtisan(site.server.databasePath, artisan({ email: `lascia${n}@artigiani.example`, contactName: `Bruno Conti ${n}` }))
    await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [staying, leaving] })
    const accept = async (email: string) => {
      const [offer] = await mailsTo(email, (s) => s.startsWith('Nuovo lavoro'))
      const t = tokenOf(linkIn(offer!, '/lavori/accetta'))
      expect((await postForm(site.server.url, '/lavori/accetta', { t })).status).toBe(303)
      return t
    }
    await accept(`resta${n}@artigiani.example`)
    expect((await postForm(site.server.url, '/lavori/rinuncia', { t: await accept(`lascia${n}@artigiani.example`) })).status).toBe(303)
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const link = linkIn(mail!, '/valutazione')
    const page = await (await get(link)).text()
    expect(page).toContain(`name="artigiano" value="${staying}"`)
    expect(page).not.toContain(`name="artigiano" value="${leaving}"`)

    const answer = await rate({ t: tokenOf(link), artigiano: String(leaving), stelle: '1', esito: 'non_contattato' })
    expect(answer.status).toBe(400)
    expect(textOf(await answer.text())).toContain('Questo artigiano non ha accettato la tua richiesta: scegli uno di quelli elencati.')
    expect(ratings(leadId)).toEqual([])
    expect(rows<{ n: number }>("select count(*) as n from lead_events where lead_id = ? and kind = 'rated'", leadId)).toEqual([{ n: 0 }])
    expect(rows<{ ratings: number }>('select ratings from artisan_response_totals where artisan_id = ?', leaving)).toEqual([{ ratings: 0 }])
    expect(reviewsOf(leadId)).toEqual([])
  })

  it('stores a comment of 5,000 characters with HTML, addresses and phone numbers as typed, and never shows it as HTML or links', async () => {
    const { leadId, requester, accepting } = await acceptedLead()
    const [mail] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    const link = linkIn(mail!, '/valutazione')
    const hostile =
      '<script>alert(1)</script><img src=x onerror=alert(2)>"\'&<a href="https://truffa.example">sito</a> https://truffa.example/x www.truffa.example tel:+390212345678 +39 333 123 4567 02-1234567 '
    const comment = `${hostile}${'è'.repeat(5000 - hostile.length)}`
    expect(comment).toHaveLength(5000)
    const saved = await rate({
      t: tokenOf(link),
      artigiano: String(accepting),
      stelle: '2',
      esito: 'non_contattato',
      commento: comment,
    })
    expect(saved.status).toBe(303)
    expect(ratings(leadId)).toEqual([{ artisan_id: accepting, stars: 2, outcome: 'non_contattato', comment }])
    expect(reviewsOf(leadId)).toEqual([expect.objectContaining({ comment, status: 'pending' })])
    const page = await (await get(link)).text()
    expect(page).not.toContain('<script>alert(1)</script>')
    expect(page).not.toContain('<img src=x')
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;&quot;&#x27;&amp;')
    // The only links of the page are the site's own: none of the typed addresses or numbers became one.
    expect([...page.matchAll(/href="([^"]*)"/g)].map((m) => m[1]).filter((href) => !/^[/#]/.test(href!))).toEqual([])
    const detail = await site.trpc.admin.leads.byId.query({ id: leadId })
    expect(detail.assignments.find((a) => a.artisan_id === accepting)!.rating!.comment).toBe(comment)
  })

  it('is not mailed to a requester who asked for no more such e-mails', async () => {
    const n = ++serial
    const requester = `nomail${n}@example.com`
    const leadId = await addLead(site.server.databasePath, quoteLead({ email: requester }))
    const artisanId = await addArtisan(site.server.databasePath, artisan({ email: `solo${n}@artigiani.example` }))
    // The requester unsubscribed from an earlier "Com'è andata?" (the one-click link of its List-Unsubscribe header).
    const earlier = await acceptedLead()
    const [first] = await mailsTo(earlier.requester, (s) => s.startsWith("Com'è andata"))
    const unsubscribe = linkIn(first!, '/unsubscribe')
    const token = new URL(unsubscribe, site.server.url).searchParams.get('token')!
    expect(token).toBeTruthy()
    const other = await fetch(`${site.server.url}/unsubscribe?token=${token}`, { method: 'POST' })
    expect(other.status).toBe(200)
    expect(rows('select reason from email_suppressions where email_normalized = ?', earlier.requester)).toEqual([{ reason: 'unsubscribed' }])

    // This requester is suppressed the same way before their lead is accepted.
    const [{ value: secret }] = rows<{ value: string }>("select value from app_settings where key = 'newsletter_secret'") as [{ value: string }]
    expect((await fetch(`${site.server.url}/unsubscribe?token=${createUnsubscribeToken(secret, requester)}`, { method: 'POST' })).status).toBe(200)
    await site.trpc.admin.leads.assign.mutate({ id: leadId, artisanIds: [artisanId] })
    const [offer] = await mailsTo(`solo${n}@artigiani.example`, (s) => s.startsWith('Nuovo lavoro'))
    await postForm(site.server.url, '/lavori/accetta', { t: tokenOf(linkIn(offer!, '/lavori/accetta')) })
    // The introduction still goes: it is the answer to their request.
    await mailsTo(requester, (s) => s.includes('ha accettato la tua richiesta'))
    await expect.poll(() => rows<{ due: string | null }>('select rating_request_due_at as due from leads where id = ?', leadId)[0]!.due).toBeNull()
    expect(rows('select rating_requested_at from leads where id = ?', leadId)).toEqual([{ rating_requested_at: null }])
    expect((await site.ses.emails()).filter((m) => m.destination.to.includes(requester) && m.subject.startsWith("Com'è andata"))).toEqual([])
  })
})

/** A lead rated through its link with a comment: the review waits for the office. Returns its id and the lead's. */
async function reviewWithComment(comment: string, stars = 4) {
  const lead = await acceptedLead()
  const [mail] = await mailsTo(lead.requester, (s) => s.startsWith("Com'è andata"))
  const t = tokenOf(linkIn(mail!, '/valutazione'))
  expect((await rate({ t, artigiano: String(lead.accepting), stelle: String(stars), esito: 'fatto', commento: comment })).status).toBe(303)
  const [{ id }] = rows<{ id: number }>('select id from reviews where lead_id = ?', lead.leadId) as [{ id: number }]
  return { ...lead, reviewId: id }
}

const reviewRow = (id: number) =>
  rows<Record<string, unknown>>(
    'select status, comment, stars, hidden_reason, moderated_by, moderated_at is not null as moderated, text_removed_at is not null as removed, reply, reply_by, published_at is not null as published from reviews where id = ?',
    id,
  )[0]
const adminId = () => rows<{ id: string }>('select id from admin_users where email = ?', ADMIN.email)[0]!.id

describe('Recensioni da moderare', () => {
  it('hides a review only with a reason of the policy, keeps it with who and when, and tells its author why', async () => {
    const { reviewId, requester, leadId } = await reviewWithComment('Mai più: sono dei truffatori, chiamate il 333 1234567')
    expect((await site.trpc.admin.reviews.waiting.query()).waiting).toBeGreaterThanOrEqual(1)
    expect((await site.trpc.admin.reviews.queue.query()).pending.map((r) => r.id)).toContain(reviewId)

    // No reason, or one outside the policy (a negative opinion is not one): refused, nothing changed, nothing sent.
    for (const input of [
      { id: reviewId, action: 'hide' },
      { id: reviewId, action: 'hide', reason: 'negativa' },
      { id: reviewId, action: 'hide', reason: '' },
    ]) {
      expect(await errorOf(site.trpc.admin.reviews.moderate.mutate(input as never))).toMatchObject({
        code: 'BAD_REQUEST',
        message: 'Scegli il motivo per cui nascondi la recensione.',
      })
    }
    expect(reviewRow(reviewId)).toMatchObject({ status: 'pending', hidden_reason: null, moderated_by: null })
    expect(await errorOf(site.trpc.admin.reviews.moderate.mutate({ id: 999_999, action: 'publish' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Recensione non trovata.',
    })

    const version = publicVersion()
    expect(await site.trpc.admin.reviews.moderate.mutate({ id: reviewId, action: 'hide', reason: 'dati_personali' })).toMatchObject({
      status: 'hidden',
      authorMailed: true,
    })
    expect(reviewRow(reviewId)).toMatchObject({ status: 'hidden', hidden_reason: 'dati_personali', moderated_by: adminId(), moderated: 1, published: 0 })
    // It was never public: no public page changed.
    expect(publicVersion()).toBe(version)
    expect(rows("select action, actor_email, details from audit_log where entity_type = 'review' and entity_id = ?", String(reviewId))).toEqual([
      {
        action: 'hide',
        actor_email: ADMIN.email,
        details: JSON.stringify({ before: 'pending', reason: 'dati_personali', resolvedReports: 0, authorMailed: true }),
      },
    ])
    const [mail] = await mailsTo(requester, (s) => s === 'La tua recensione non è stata pubblicata')
    const text = textOf(mail!.body.html!)
    expect(text).toContain('Dati personali (nomi completi, telefoni, indirizzi)')
    expect(text).toContain(`Marco Riva ${serial}`)
    expect(text).not.toContain('333 1234567')
    expect(mail!.body.html).toContain('href="https://www.artigianimilano.it/come-verifichiamo-le-recensioni"')
    expect(rows("select lead_id from email_outbox where category = 'review-hidden' and lead_id = ?", leadId)).toHaveLength(1)
    // Hiding it again sends nothing more.
    await site.trpc.admin.reviews.moderate.mutate({ id: reviewId, action: 'hide', reason: 'insulti' })
    expect(rows("select id from email_outbox where category = 'review-hidden' and lead_id = ?", leadId)).toHaveLength(1)
    // The requester's page says it was not published.
    const [rating] = await mailsTo(requester, (s) => s.startsWith("Com'è andata"))
    expect(textOf(await (await get(linkIn(rating!, '/valutazione'))).text())).toContain('Non abbiamo pubblicato la recensione')
  })

  it('publishes a review, its craftsman’s one reply, and removes its text at the author’s request keeping the stars', async () => {
    const { reviewId, leadId, accepting } = await reviewWithComment('Lavoro <b>ottimo</b>, vedi www.esempio.example')
    let version = Number(publicVersion())
    await site.trpc.admin.reviews.moderate.mutate({ id: reviewId, action: 'publish' })
    expect(reviewRow(reviewId)).toMatchObject({ status: 'published', published: 1, moderated_by: adminId() })
    expect(Number(publicVersion())).toBe(++version)
    expect((await site.trpc.admin.reviews.queue.query()).pending.map((r) => r.id)).not.toContain(reviewId)

    for (const [reply, message] of [
      ['   ', "Scrivi la risposta dell'artigiano."],
      ['x'.repeat(2001), 'La risposta può contenere al massimo 2000 caratteri.'],
    ] as const) {
      expect(await errorOf(site.trpc.admin.reviews.reply.mutate({ id: reviewId, reply }))).toMatchObject({ code: 'BAD_REQUEST', message })
    }
    expect(reviewRow(reviewId)).toMatchObject({ reply: null })
    await site.trpc.admin.reviews.reply.mutate({ id: reviewId, reply: '  Grazie Giorgio,\r\nè stato un piacere.  ' })
    expect(reviewRow(reviewId)).toMatchObject({ reply: 'Grazie Giorgio,\nè stato un piacere.', reply_by: adminId() })
    expect(Number(publicVersion())).toBe(++version)
    expect(await errorOf(site.trpc.admin.reviews.reply.mutate({ id: reviewId, reply: 'Un’altra' }))).toMatchObject({
      code: 'CONFLICT',
      message: "Questa recensione ha già la risposta dell'artigiano: se ne pubblica una sola.",
    })
    expect(reviewRow(reviewId)).toMatchObject({ reply: 'Grazie Giorgio,\nè stato un piacere.' })

    await site.trpc.admin.reviews.removeText.mutate({ id: reviewId })
    expect(reviewRow(reviewId)).toMatchObject({ status: 'published', comment: null, stars: 4, removed: 1 })
    expect(ratings(leadId)).toEqual([expect.objectContaining({ artisan_id: accepting, stars: 4, comment: null })])
    expect(Number(publicVersion())).toBe(++version)
    expect(await errorOf(site.trpc.admin.reviews.removeText.mutate({ id: reviewId }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Questa recensione non ha testo da rimuovere.',
    })
    expect(rows("select action from audit_log where entity_type = 'review' and entity_id = ? order by id", String(reviewId))).toEqual([
      { action: 'publish' },
      { action: 'reply' },
      { action: 'remove_text' },
    ])

    const byArtisan = await site.trpc.admin.reviews.list.query({ page: 1, artisanId: accepting })
    expect(byArtisan.rows.map((r) => r.id)).toEqual([reviewId])
    expect((await site.trpc.admin.reviews.list.query({ page: 1, status: 'hidden' })).rows.every((r) => r.status === 'hidden')).toBe(true)
    expect((await site.trpc.admin.reviews.list.query({ page: 1, status: 'published', artisanId: accepting })).total).toBe(1)
  })
})

describe('Segnala una recensione', () => {
  const report = (id: number | string, form: Record<string, string>) => postForm(site.server.url, `/recensioni/${id}/segnala`, form)
  const reportsOf = (id: number) =>
    rows<{ reason: string; note: string | null; reporter: string }>('select reason, note, reporter from review_reports where review_id = ?', id)

  it('takes a reason and a note for a published review, once per visitor, storing no address, and lands in the queue', async () => {
    const { reviewId, requester } = await reviewWithComment('Non si è presentato.', 1)
    await site.trpc.admin.reviews.moderate.mutate({ id: reviewId, action: 'publish' })

    const page = await get(`/recensioni/${reviewId}/segnala`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    expect(html).not.toContain('<script')
    expect(textOf(html)).toContain(`Marco Riva ${serial}`)
    expect(textOf(html)).toContain('Insulti o linguaggio offensivo')
    expect(await htmlProblems(html)).toEqual([])

    // Bad input: no reason, a reason outside the list, a note of 5,000 characters; nothing stored.
    for (const [form, message] of [
      [{ nota: 'Offende' }, 'Scegli il motivo della segnalazione.'],
      [{ motivo: 'non_mi_piace' }, 'Scegli il motivo della segnalazione.'],
      [{ motivo: 'insulti', nota: 'n'.repeat(5000) }, 'La nota può contenere al massimo 1000 caratteri.'],
    ] as const) {
      const answer = await report(reviewId, form)
      expect(answer.status).toBe(400)
      expect(textOf(await answer.text())).toContain(message)
    }
    expect(reportsOf(reviewId)).toEqual([])

    const sent = await report(reviewId, { motivo: 'conflitto_interessi', nota: ' Scritta dal cugino <b>del</b> concorrente ' })
    expect(sent.status).toBe(303)
    expect(textOf(await (await get(sent.headers.get('location')!)).text())).toContain('abbiamo ricevuto la segnalazione')
    const [stored] = reportsOf(reviewId)
    expect(stored).toMatchObject({ reason: 'conflitto_interessi', note: 'Scritta dal cugino <b>del</b> concorrente' })
    // A keyed hash: not the address, nor its plain SHA-256 (which anyone could compute for every IPv4 address).
    expect(stored!.reporter).toMatch(/^[\w-]{43}$/)
    expect(stored!.reporter).not.toContain('127.0.0.1')
    expect(stored!.reporter).not.toBe(createHash('sha256').update('127.0.0.1').digest('base64url'))

    const again = await report(reviewId, { motivo: 'insulti' })
    expect(again.status).toBe(409)
    expect(textOf(await again.text())).toContain('Hai già segnalato questa recensione: la stiamo esaminando.')
    expect(reportsOf(reviewId)).toHaveLength(1)

    const queued = (await site.trpc.admin.reviews.queue.query()).reported.find((r) => r.id === reviewId)
    expect(queued?.reports).toEqual([expect.objectContaining({ reason: 'conflitto_interessi', resolved_at: null })])
    // Kept: the report is closed, the review stays published and its author hears nothing.
    await site.trpc.admin.reviews.keep.mutate({ id: reviewId })
    expect(rows('select resolved_at is not null as resolved, resolved_by from review_reports where review_id = ?', reviewId)).toEqual([
      { resolved: 1, resolved_by: adminId() },
    ])
    expect(reviewRow(reviewId)).toMatchObject({ status: 'published' })
    expect((await site.trpc.admin.reviews.queue.query()).reported.map((r) => r.id)).not.toContain(reviewId)
    expect(await errorOf(site.trpc.admin.reviews.keep.mutate({ id: reviewId }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Questa recensione non ha segnalazioni aperte.',
    })
    expect((await site.ses.emails()).filter((m) => m.destination.to.includes(requester) && m.subject.includes('recensione'))).toEqual([])
  })

  it('answers 404 for a review that does not exist or is not published, and a page of another site cannot post reports', async () => {
    const { reviewId } = await reviewWithComment('In attesa di moderazione.')
    for (const id of [reviewId, 999_999, '0', '01', 'abc', '1e3']) {
      const page = await get(`/recensioni/${id}/segnala`)
      expect(page.status, String(id)).toBe(404)
      expect(textOf(await page.text())).toContain('Questa recensione non esiste o non è pubblicata')
      expect((await report(id, { motivo: 'insulti' })).status).toBe(404)
    }
    await site.trpc.admin.reviews.moderate.mutate({ id: reviewId, action: 'hide', reason: 'fuori_tema' })
    expect((await report(reviewId, { motivo: 'insulti' })).status).toBe(404)
    await site.trpc.admin.reviews.moderate.mutate({ id: reviewId, action: 'publish' })
    const crossSite = await fetch(`${site.server.url}/recensioni/${reviewId}/segnala`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
      body: 'motivo=insulti',
    })
    expect(crossSite.status).toBe(403)
    expect(reportsOf(reviewId)).toEqual([])
  })

  // Last of the file: it spends this address's reports for the day.
  it('refuses a flood: at most 5 reports a day from one address', async () => {
    const { accepting } = await acceptedLead()
    const ids: number[] = []
    for (let i = 0; i < 6; i++) {
      changeRows(
        site.server.databasePath,
        "insert into reviews (artisan_id, stars, author_label, job_month, status, created_at, published_at) values (?, 3, 'Anna B.', '2026-10', 'published', ?, ?)",
        accepting,
        new Date().toISOString(),
        new Date().toISOString(),
      )
      ids.push(rows<{ id: number }>('select max(id) as id from reviews')[0]!.id)
    }
    const today = rows<{ n: number }>('select count(*) as n from review_reports')[0]!.n
    for (const id of ids.slice(0, 5 - today)) expect((await report(id, { motivo: 'fuori_tema' })).status).toBe(303)
    const refused = await report(ids[5]!, { motivo: 'fuori_tema' })
    expect(refused.status).toBe(429)
    expect(textOf(await refused.text())).toContain('Hai inviato 5 segnalazioni nelle ultime 24 ore, il massimo: riprova domani')
    expect(reportsOf(ids[5]!)).toEqual([])
    expect(rows<{ n: number }>('select count(*) as n from review_reports')[0]!.n).toBe(5)
  })
})
