import { useMutation } from '@tanstack/react-query'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { InputField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { safeAreaRedirect } from '#src/lib/area-paths.ts'
import { oneOfParam, textParam } from '#src/lib/area-search.ts'
import { serverMessage } from '#src/lib/server-errors.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { lazyZodResolver } from '#src/components/forms/lazy-resolver.ts'
import { SIGN_IN_LINK_ERRORS, SIGN_IN_VALID_MINUTES } from '#shared/artisan-sign-in.ts'
import type { SignInRequestInput } from '#shared/schemas/artisan-sign-in.ts'
import { CodeForm, Notice, SignInFrame } from './-components/sign-in.tsx'

const LINK_ERRORS = Object.keys(SIGN_IN_LINK_ERRORS) as [keyof typeof SIGN_IN_LINK_ERRORS, ...(keyof typeof SIGN_IN_LINK_ERRORS)[]]

export const Route = createFileRoute('/artigiano/accedi')({
  validateSearch: (search: Record<string, unknown>): { redirect?: string; errore?: (typeof LINK_ERRORS)[number] } => ({
    redirect: textParam(search.redirect, 2000),
    /** Why the link of a mail could not sign in (server/http/artisan-sign-in.ts). */
    errore: oneOfParam(search.errore, LINK_ERRORS),
  }),
  // A craftsman already signed in on this device goes straight to the area.
  beforeLoad: ({ context, search }) => {
    if (context.artisan) throw redirect({ href: safeAreaRedirect(search.redirect), replace: true })
  },
  component: SignInPage,
})

// The form's rules (and zod) load with its first check, not with the page.
const requestResolver = lazyZodResolver(() => import('#shared/schemas/artisan-sign-in.ts').then((module) => module.signInRequestSchema))

/** "Area artigiani" → "Accedi": the e-mail, then a link and a code by mail; no password. */
function SignInPage() {
  const { redirect: target, errore } = Route.useSearch()
  const trpc = useTRPC()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<SignInRequestInput>({ resolver: requestResolver, defaultValues: { email: '' } })
  const request = useMutation(
    trpc.area.signIn.request.mutationOptions({
      onSuccess: (_, { email }) => setSentTo(email.trim()),
      onError: (error) =>
        form.setError('email', { message: serverMessage(error, 'Invio non riuscito: controlla la connessione e riprova.') }, { shouldFocus: true }),
    }),
  )
  const send = (values: SignInRequestInput) => request.mutate({ email: values.email, redirect: target })

  if (sentTo) {
    return (
      <SignInFrame
        title="Controlla la tua email"
        description={
          <p>
            Ti abbiamo inviato un link e un codice a <strong className="text-ink [overflow-wrap:anywhere]">{sentTo}</strong>, se è l'indirizzo di un artigiano
            della nostra rete. Apri il link da questo dispositivo oppure inserisci qui il codice: valgono {SIGN_IN_VALID_MINUTES} minuti.
          </p>
        }
      >
        <CodeForm />
        <div className="mt-4 grid gap-1 text-center sm:flex sm:justify-between">
          <Button type="button" variant="link" className="text-trade-700" onClick={() => setSentTo(null)}>
            Usa un'altra email
          </Button>
          <Button type="button" variant="link" className="text-trade-700" disabled={request.isPending} onClick={() => send({ email: sentTo })}>
            {request.isPending ? 'Invio in corso...' : 'Invia di nuovo'}
          </Button>
        </div>
      </SignInFrame>
    )
  }

  return (
    <SignInFrame title="Accedi all'area artigiani" description={<p>Ricevi un link e un codice nella tua email: nessuna password da ricordare.</p>}>
      <Notice>{errore && SIGN_IN_LINK_ERRORS[errore]}</Notice>
      <form noValidate onSubmit={form.handleSubmit(send)} className="grid gap-4">
        <InputField
          id="email-accesso"
          label="Email"
          hint="L'indirizzo con cui collabori con Artigiani Milano."
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          className="h-12 text-base"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        <SubmitButton variant="trade" size="lg" className="w-full" pending={request.isPending} pendingLabel="Invio in corso...">
          Invia link di accesso
        </SubmitButton>
      </form>
    </SignInFrame>
  )
}
