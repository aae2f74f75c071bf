import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter, useSearch } from '@tanstack/react-router'
import { TRPCClientError } from '@trpc/client'
import { ArrowLeftIcon, LockIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { useForm } from 'react-hook-form'
import { serverMessage, toastServerError } from '#src/lib/server-errors.ts'
import { InputField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { safeAdminRedirect } from '#src/lib/admin-sign-in.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { INVALID_CODE, INVALID_CREDENTIALS, type SignInInput, signInSchema } from '#shared/schemas/admin-auth.ts'
import { AuthCard } from './auth-card.tsx'
import { CodeStep, EnrolStep, RecoveryCodesStep, useCodeForm } from './second-factor.tsx'

type Credentials = { email: string; password: string }
type Step =
  | { kind: 'credentials' }
  | { kind: 'code'; credentials: Credentials }
  | { kind: 'enrol'; token: string; secret: string; qrSvg: string }
  | { kind: 'recovery-codes'; codes: string[]; user: { id: string; email: string } }

const isUnauthorized = (error: unknown) => error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'UNAUTHORIZED'

/**
 * 'Area Riservata' (docs/product.md §2.4, 5, 8): e-mail and password, then the authenticator's code; an account without a second
 * factor enrols one and receives its recovery codes before entering. Password recovery starts here too.
 */
export function SignInPage() {
  const { redirect: redirectTo } = useSearch({ strict: false })
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const [step, setStep] = useState<Step>({ kind: 'credentials' })
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } })
  const codeForm = useCodeForm()
  const { errors } = form.formState

  const enter = async (user: { id: string; email: string }) => {
    queryClient.setQueryData(trpc.admin.auth.me.queryKey(), user)
    toast({ title: 'Accesso Effettuato!', description: "Benvenuto nell'area riservata." })
    await router.navigate({ href: safeAdminRedirect(redirectTo), replace: true })
  }
  const restart = () => {
    form.resetField('password')
    codeForm.reset({ code: '' })
    setStep({ kind: 'credentials' })
  }
  const refuseCode = (error: unknown) => {
    const message = serverMessage(error, INVALID_CODE)
    if (isUnauthorized(error)) codeForm.setError('code', { message }, { shouldFocus: true })
    toast({ title: 'Errore di Accesso', description: message, variant: 'destructive' })
  }

  const signIn = useMutation(
    trpc.admin.auth.signIn.mutationOptions({
      onSuccess: async (result, { email, password }) => {
        codeForm.reset({ code: '' })
        if (result.status === 'code-required') setStep({ kind: 'code', credentials: { email, password } })
        else if (result.status === 'enrolment-required') setStep({ kind: 'enrol', token: result.token, secret: result.secret, qrSvg: result.qrSvg })
        else await enter(result)
      },
      onError: (error, { code }) =>
        code ? refuseCode(error) : toast({ title: 'Errore di Accesso', description: serverMessage(error, INVALID_CREDENTIALS), variant: 'destructive' }),
    }),
  )
  const confirmEnrolment = useMutation(
    trpc.admin.auth.confirmEnrolment.mutationOptions({
      onSuccess: ({ user, recoveryCodes }) => setStep({ kind: 'recovery-codes', codes: recoveryCodes, user }),
      onError: refuseCode,
    }),
  )
  const recover = useMutation(
    trpc.admin.auth.requestPasswordReset.mutationOptions({
      // Only a signed-in administrator is told that mail does not go out; anyone else gets the same answer either way.
      onSuccess: ({ mail }) =>
        toast(
          mail?.configured === false
            ? {
                title: 'Email di Recupero in Coda',
                description: "L'invio delle email non è configurato su questo server: l'email di recupero resta in coda finché non lo sarà.",
              }
            : { title: 'Email di Recupero Inviata', description: "Se l'indirizzo appartiene a un amministratore, riceverai un link valido per un'ora." },
        ),
      onError: toastServerError('Errore Recupero Password', "Impossibile inviare l'email di recupero. Riprova."),
    }),
  )

  const askRecovery = () => {
    const email = form.getValues('email').trim()
    if (!email) {
      toast({ title: 'Email Mancante', description: 'Inserisci la tua email per recuperare la password.', variant: 'destructive' })
      form.setFocus('email')
      return
    }
    recover.mutate({ email })
  }

  let card: ReactNode
  if (step.kind === 'code') {
    card = <CodeStep form={codeForm} pending={signIn.isPending} onSubmit={(code) => signIn.mutate({ ...step.credentials, code })} onBack={restart} />
  } else if (step.kind === 'enrol') {
    card = (
      <EnrolStep
        secret={step.secret}
        qrSvg={step.qrSvg}
        form={codeForm}
        pending={confirmEnrolment.isPending}
        onSubmit={(code) => confirmEnrolment.mutate({ token: step.token, code })}
        onBack={restart}
      />
    )
  } else if (step.kind === 'recovery-codes') {
    card = <RecoveryCodesStep codes={step.codes} onDone={() => void enter(step.user)} />
  } else {
    card = (
      <AuthCard icon={<LockIcon />} title="Area Riservata" description="Accedi con le credenziali di amministratore.">
        <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="grid gap-4">
          <InputField id="admin-email" label="Email" type="email" autoComplete="username" error={errors.email?.message} {...form.register('email')} />
          <InputField
            id="admin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...form.register('password')}
          />
          <SubmitButton size="lg" pending={signIn.isPending} pendingLabel="Accesso in corso...">
            Accedi
          </SubmitButton>
          <Button type="button" variant="link" onClick={askRecovery} disabled={recover.isPending}>
            {recover.isPending ? 'Invio in corso...' : 'Password dimenticata?'}
          </Button>
        </form>
      </AuthCard>
    )
  }

  return (
    <main id="contenuto" className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-md">
        {card}
        <p className="mt-6 text-center">
          <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
            <ArrowLeftIcon className="size-4" aria-hidden /> Torna alla Home
          </Link>
        </p>
      </div>
    </main>
  )
}
