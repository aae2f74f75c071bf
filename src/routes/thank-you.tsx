import { createFileRoute, Link } from '@tanstack/react-router'
import { CalendarCheckIcon, CheckCircle2Icon, PhoneCallIcon } from 'lucide-react'
import { ctaClass } from '../lib/class-names.ts'
import { fixedPageHead } from '../lib/seo-head.ts'
import { ConfirmationPage } from './-components/confirmation-page.tsx'
import { CALL_PROMISE, MISSED_PROMISE_NOTICE, PROMISE_DEADLINE, REQUEST_PROMISE } from '#shared/promise.ts'

export const Route = createFileRoute('/thank-you')({
  head: fixedPageHead({
    title: 'Richiesta Inviata - Grazie! | Artigiani Milano',
    description: `Abbiamo ricevuto la tua richiesta: un artigiano della tua zona ti chiama ${PROMISE_DEADLINE} per fissare un sopralluogo e un preventivo gratuiti.`,
    keywords: 'richiesta inviata, preventivo gratuito, sopralluogo gratuito',
    path: '/thank-you',
    noindex: true,
  }),
  component: ThankYouPage,
})

/** The generic thanks; the service just requested and the promise's date are filled in by the browser, which alone knows them (src/islands/thank-you.ts). */
function ThankYouPage() {
  return (
    <ConfirmationPage icon={CheckCircle2Icon} title="Grazie, richiesta inviata!">
      <p className="mt-3 text-lg" data-request-summary="" hidden>
        Servizio richiesto: <strong />
      </p>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-muted">{CALL_PROMISE}</p>
      <p className="mx-auto mt-2 max-w-2xl font-medium" data-promise-due="" hidden />
      <p className="mx-auto mt-3 max-w-2xl text-muted">{REQUEST_PROMISE}</p>
      <ul className="mx-auto mt-8 grid max-w-xl gap-4 text-left sm:grid-cols-2">
        <li className="flex gap-3 rounded-xl bg-gray-50 p-4">
          <PhoneCallIcon className="size-6 shrink-0 text-brand-600" aria-hidden />
          <span className="text-sm text-muted">Tieni a portata di mano il telefono. {MISSED_PROMISE_NOTICE}</span>
        </li>
        <li className="flex gap-3 rounded-xl bg-gray-50 p-4">
          <CalendarCheckIcon className="size-6 shrink-0 text-brand-600" aria-hidden />
          <span className="text-sm text-muted">Il sopralluogo e il preventivo sono gratuiti: decidi tu, senza alcun impegno.</span>
        </li>
      </ul>
      <Link to="/" className={`${ctaClass} mt-10`}>
        Torna alla Home
      </Link>
    </ConfirmationPage>
  )
}
