import { createFileRoute, Link } from '@tanstack/react-router'
import { MailCheckIcon } from 'lucide-react'
import { ctaClass, outlineCtaClass } from '../lib/class-names.ts'
import { fixedPageHead } from '../lib/seo-head.ts'
import { ConfirmationPage } from './-components/confirmation-page.tsx'

export const Route = createFileRoute('/messaggio-inviato')({
  head: fixedPageHead({
    title: 'Messaggio Inviato - Grazie! | Artigiani Milano',
    description: 'Abbiamo ricevuto il tuo messaggio: ti risponderemo via email, di solito entro un giorno lavorativo.',
    keywords: 'messaggio inviato, contatti, Artigiani Milano',
    path: '/messaggio-inviato',
    noindex: true,
  }),
  component: MessageSentPage,
})

/** After a message from /contattaci: a message to the office, answered by e-mail (no call, no site inspection to book). */
function MessageSentPage() {
  return (
    <ConfirmationPage
      icon={MailCheckIcon}
      title="Grazie, messaggio inviato!"
      links={
        <>
          <Link to="/" className={ctaClass}>
            Torna alla Home
          </Link>
          <Link to="/contattaci" className={outlineCtaClass}>
            Scrivi un altro messaggio
          </Link>
        </>
      }
    >
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">
        Abbiamo ricevuto il tuo messaggio. Ti risponderemo via email all'indirizzo che ci hai indicato, di solito entro un giorno lavorativo.
      </p>
      <p className="mx-auto mt-4 max-w-2xl text-muted">Ti serve un preventivo per un lavoro? Richiedilo dalla Home scegliendo il servizio.</p>
    </ConfirmationPage>
  )
}
