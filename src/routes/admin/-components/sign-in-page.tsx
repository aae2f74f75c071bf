import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useRouter } from '@tanstack/react-router'
import { ArrowLeftIcon, LockIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { safeAdminRedirect } from '../../../components/admin/safe-redirect.ts'
import { serverMessage } from '../../../components/admin/server-message.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card.tsx'
import { FieldError } from '../../../components/ui/field-error.tsx'
import { Input } from '../../../components/ui/input.tsx'
import { Label } from '../../../components/ui/label.tsx'
import { toast } from '../../../lib/toast.ts'
import { useTRPC } from '../../../lib/trpc.tsx'
import { INVALID_CREDENTIALS, type SignInInput, signInSchema } from '../../../schemas/admin-auth.ts'

/** 'Area Riservata': e-mail and password, plus password recovery (SPEC 2.4, 5, 8). */
export function SignInPage({ redirectTo }: { redirectTo?: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const router = useRouter()
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState

  const signIn = useMutation(
    trpc.admin.auth.signIn.mutationOptions({
      onSuccess: async (user) => {
        queryClient.setQueryData(trpc.admin.auth.me.queryKey(), user)
        toast({ title: 'Accesso Effettuato!', description: "Benvenuto nell'area riservata." })
        await router.navigate({ href: safeAdminRedirect(redirectTo), replace: true })
      },
      onError: (error) => toast({ title: 'Errore di Accesso', description: serverMessage(error, INVALID_CREDENTIALS), variant: 'destructive' }),
    }),
  )
  const recover = useMutation(
    trpc.admin.auth.requestPasswordReset.mutationOptions({
      onSuccess: () =>
        toast({
          title: 'Email di Recupero Inviata',
          description: "Se l'indirizzo appartiene a un amministratore, riceverai un link valido per un'ora.",
        }),
      onError: (error) =>
        toast({ title: 'Errore Recupero Password', description: serverMessage(error, "Impossibile inviare l'email di recupero. Riprova."), variant: 'destructive' }),
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

  return (
    <main id="contenuto" className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-md">
        <Card>
          <CardHeader className="justify-items-center p-6 pb-0 text-center">
            <span className="mb-2 inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden>
              <LockIcon className="size-6" />
            </span>
            <h1 className="font-semibold leading-none text-2xl">Area Riservata</h1>
            <CardDescription>Accedi con le credenziali di amministratore.</CardDescription>
          </CardHeader>
          <CardContent className="p-6">
            <form noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))} className="grid gap-4">
              <div className="grid gap-1.5">
                <Label htmlFor="admin-email">Email</Label>
                <Input
                  id="admin-email"
                  type="email"
                  autoComplete="username"
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? 'admin-email-error' : undefined}
                  {...form.register('email')}
                />
                <FieldError id="admin-email-error">{errors.email?.message}</FieldError>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="admin-password">Password</Label>
                <Input
                  id="admin-password"
                  type="password"
                  autoComplete="current-password"
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={errors.password ? 'admin-password-error' : undefined}
                  {...form.register('password')}
                />
                <FieldError id="admin-password-error">{errors.password?.message}</FieldError>
              </div>
              <Button type="submit" size="lg" disabled={signIn.isPending}>
                {signIn.isPending ? 'Accesso in corso...' : 'Accedi'}
              </Button>
              <Button type="button" variant="link" onClick={askRecovery} disabled={recover.isPending}>
                {recover.isPending ? 'Invio in corso...' : 'Password dimenticata?'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <p className="mt-6 text-center">
          <Link to="/" className="inline-flex items-center gap-1 text-sm font-medium text-muted hover:text-ink">
            <ArrowLeftIcon className="size-4" aria-hidden /> Torna alla Home
          </Link>
        </p>
      </div>
    </main>
  )
}
