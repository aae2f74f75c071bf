import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { KeyRoundIcon, Loader2Icon, TriangleAlertIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { type FieldErrors, useForm } from 'react-hook-form'
import { toastServerError } from '#src/lib/server-errors.ts'
import { InputField, SubmitButton } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent } from '#src/components/ui/card.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import {
  type ChangePasswordInput,
  CURRENT_PASSWORD_MISSING,
  changePasswordSchema,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MISMATCH,
  PASSWORD_TOO_SHORT,
  resetPasswordSchema,
} from '#shared/schemas/admin-auth.ts'
import { AuthCard } from './-components/auth-card.tsx'

export const Route = createFileRoute('/admin/update-password')({ component: UpdatePasswordPage })

/** `leave`: the link came back with an error, so the page goes on to the sign-in by itself. */
type LinkState = { status: 'checking' } | { status: 'valid'; token?: string } | { status: 'invalid'; leave?: boolean }

/** The current password is asked only without a reset token: the signed-in administrator changing it. */
const PASSWORD_FIELDS = [
  { name: 'currentPassword', id: 'current-password', label: 'Password attuale', autoComplete: 'current-password' },
  { name: 'password', id: 'new-password', label: 'Nuova password', autoComplete: 'new-password' },
  { name: 'confirmPassword', id: 'confirm-password', label: 'Conferma password', autoComplete: 'new-password' },
] as const

const INVALID_LINK = 'Il link per il reset della password non è valido o è scaduto.'
/** docs/product.md §4, 9: a link with an error in its fragment goes back to the sign-in after 3 seconds. */
const LEAVE_INVALID_LINK_MS = 3000

/** Target of the recovery e-mail; also reachable from the user menu to change the password (docs/product.md §2.4, 4). */
function UpdatePasswordPage() {
  const trpc = useTRPC()
  const { user } = Route.useRouteContext()
  const navigate = useNavigate()
  const [state, setState] = useState<LinkState>({ status: 'checking' })
  const verify = useMutation(trpc.admin.auth.verifyResetToken.mutationOptions())
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const fragment = new URLSearchParams(window.location.hash.slice(1))
    const token = fragment.get('access_token')
    // The token leaves the address bar at once, so it stays out of history and screenshots.
    if (window.location.hash) history.replaceState(history.state, '', window.location.pathname)
    const invalid = (leave = false) => {
      setState({ status: 'invalid', leave })
      toast({ title: 'Errore Token', description: INVALID_LINK, variant: 'destructive' })
    }
    if (fragment.get('error')) {
      invalid(true)
    } else if (token) {
      verify.mutate({ token }, { onSuccess: ({ valid }) => (valid ? setState({ status: 'valid', token }) : invalid()), onError: () => invalid() })
    } else if (user) {
      setState({ status: 'valid' })
    } else {
      invalid()
    }
  }, [user, verify])

  // Its own effect: the one above runs again whenever `verify` changes, and its cleanup would cancel the timer.
  const leave = state.status === 'invalid' && state.leave
  useEffect(() => {
    if (!leave) return
    const timer = setTimeout(() => void navigate({ to: '/admin', replace: true }), LEAVE_INVALID_LINK_MS)
    return () => clearTimeout(timer)
  }, [leave, navigate])

  return (
    <main id="contenuto" className="flex min-h-screen items-center justify-center bg-gray-50 px-4 py-10">
      <div className="w-full max-w-md">
        {state.status === 'checking' ? (
          <Card>
            <CardContent className="flex items-center justify-center gap-3 p-10 text-muted" role="status">
              <Loader2Icon className="size-5 animate-spin" aria-hidden /> Verifica del link in corso...
            </CardContent>
          </Card>
        ) : state.status === 'invalid' ? (
          <InvalidLink />
        ) : (
          <NewPasswordForm token={state.token} />
        )}
      </div>
    </main>
  )
}

function InvalidLink() {
  return (
    <AuthCard
      icon={<TriangleAlertIcon />}
      tone="danger"
      title="Link Non Valido"
      description={`${INVALID_LINK} Richiedi un nuovo link dalla pagina di accesso.`}
    >
      <Button asChild className="w-full">
        <Link to="/admin">Torna al Login</Link>
      </Button>
    </AuthCard>
  )
}

/** With a reset token the link proves who is asking; without one, a signed-in administrator types the current password. */
function NewPasswordForm({ token }: { token?: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(token ? resetPasswordSchema : changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  })
  const update = useMutation(
    trpc.admin.auth.updatePassword.mutationOptions({
      onSuccess: async () => {
        queryClient.setQueryData(trpc.admin.auth.me.queryKey(), null)
        toast({ title: 'Password Aggiornata!', description: 'Accedi con la nuova password.' })
        await navigate({ to: '/admin', replace: true })
      },
      onError: toastServerError('Errore Aggiornamento Password', 'Impossibile aggiornare la password. Riprova.'),
    }),
  )
  const onInvalid = (fieldErrors: FieldErrors<ChangePasswordInput>) => {
    if (fieldErrors.currentPassword?.message === CURRENT_PASSWORD_MISSING)
      toast({ title: 'Password attuale mancante', description: CURRENT_PASSWORD_MISSING, variant: 'destructive' })
    else if (fieldErrors.password?.message === PASSWORD_TOO_SHORT)
      toast({ title: 'Password troppo corta', description: PASSWORD_TOO_SHORT, variant: 'destructive' })
    else if (fieldErrors.confirmPassword?.message === PASSWORD_MISMATCH)
      toast({ title: 'Le password non coincidono', description: PASSWORD_MISMATCH, variant: 'destructive' })
  }
  const submit = ({ currentPassword, ...values }: ChangePasswordInput) => update.mutate(token ? { ...values, token } : { ...values, currentPassword })
  return (
    <AuthCard
      icon={<KeyRoundIcon />}
      title="Nuova Password"
      description={`Scegli una nuova password di almeno ${PASSWORD_MIN_LENGTH} caratteri, non tra le più comuni. Tutte le sessioni aperte verranno chiuse.`}
    >
      <form noValidate className="grid gap-4" onSubmit={form.handleSubmit(submit, onInvalid)}>
        {PASSWORD_FIELDS.filter(({ name }) => !token || name !== 'currentPassword').map(({ name, ...field }) => (
          <InputField key={name} type="password" error={form.getFieldState(name, form.formState).error?.message} {...field} {...form.register(name)} />
        ))}
        <SubmitButton size="lg" pending={update.isPending} pendingLabel="Aggiornamento...">
          Aggiorna Password
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
