import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import type * as React from 'react'
import { useForm } from 'react-hook-form'
import { InputField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { lazyZodResolver } from '#src/components/forms/lazy-resolver.ts'
import type { SignInCodeInput } from '#shared/schemas/artisan-sign-in.ts'

// The code's rules (and zod) load with the form's first check, not with the page.
const codeResolver = lazyZodResolver(() => import('#shared/schemas/artisan-sign-in.ts').then((module) => module.signInCodeSchema))

const CONNECTION_PROBLEM = 'Non è stato possibile completare la richiesta: controlla la connessione e riprova.'

/** The sign-in pages' frame: one column on a phone, a card on a wider screen, the way back to the site under it. */
export function SignInFrame({ title, description, children }: { title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <main id="contenuto" className="flex-1 bg-gray-50 px-4 py-8 sm:py-14">
      <div className="mx-auto w-full max-w-md">
        <p className="mb-4 text-center">
          <a href="/" className="text-lg font-bold text-ink">
            Artigiani Milano
          </a>
        </p>
        <section aria-labelledby="accesso-titolo" className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
          <p className="text-sm font-semibold tracking-wide text-trade-700 uppercase">Area artigiani</p>
          <h1 id="accesso-titolo" className="mt-1 text-2xl font-bold text-ink">
            {title}
          </h1>
          <div className="mt-2 text-muted">{description}</div>
          <div className="mt-6">{children}</div>
        </section>
        <p className="mt-6 text-center text-sm text-muted">
          Non sei ancora nella rete?{' '}
          <Link to="/area-artigiani" hash="candidatura" className="font-medium text-trade-700 underline">
            Candidati
          </Link>
        </p>
      </div>
    </main>
  )
}

/** A message the page shows above its form (a link that could not sign in, a refused request). */
export function Notice({ children }: { children: React.ReactNode }) {
  if (!children) return null
  return (
    <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {children}
    </p>
  )
}

/**
 * The mail's 6-digit code: with the link's token where the link was opened in another browser, without it in the
 * browser that asked. Signed in, the area opens where the craftsman was going.
 */
export function CodeForm({ token, submitLabel = 'Accedi' }: { token?: string; submitLabel?: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const form = useForm<SignInCodeInput>({ resolver: codeResolver, defaultValues: { code: '' } })
  const verify = useMutation(
    trpc.area.signIn.verifyCode.mutationOptions({
      onSuccess: async ({ redirect }) => {
        // Whatever was read while signed out (who is signed in, above all) is read again.
        queryClient.clear()
        await router.navigate({ href: redirect, replace: true })
      },
      onError: (error) => form.setError('code', { message: serverMessage(error, CONNECTION_PROBLEM) }, { shouldFocus: true }),
    }),
  )
  return (
    <form noValidate onSubmit={form.handleSubmit(({ code }) => verify.mutate({ code, token }))} className="grid gap-4">
      <InputField
        id="codice-accesso"
        label="Codice di 6 cifre"
        hint="Lo trovi nella stessa email del link."
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={7}
        placeholder="123456"
        className="h-12 font-mono text-xl tracking-[0.3em]"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <SubmitButton variant="trade" size="lg" className="w-full" pending={verify.isPending} pendingLabel="Accesso in corso...">
        {submitLabel}
      </SubmitButton>
    </form>
  )
}
