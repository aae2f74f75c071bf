import { zodResolver } from '@hookform/resolvers/zod'
import { CopyIcon, DownloadIcon, KeyRoundIcon, ShieldCheckIcon, SmartphoneIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm, type UseFormReturn } from 'react-hook-form'
import { SubmitButton } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { toast } from '#src/lib/toast.ts'
import { type VerificationCodeInput, verificationCodeSchema } from '#shared/schemas/admin-auth.ts'
import { AuthCard } from './auth-card.tsx'

/** A form with one code field; the page passes the server's refusal back as the field's error. */
export function useCodeForm() {
  return useForm<VerificationCodeInput>({ resolver: zodResolver(verificationCodeSchema), defaultValues: { code: '' } })
}
export type CodeForm = UseFormReturn<VerificationCodeInput>

function CodeField({ form, recovery = false }: { form: CodeForm; recovery?: boolean }) {
  const error = form.formState.errors.code?.message
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="verification-code">{recovery ? 'Codice di recupero' : 'Codice di verifica'}</Label>
      <Input
        id="verification-code"
        autoFocus
        {...(recovery
          ? {
              autoComplete: 'off',
              autoCapitalize: 'characters',
              spellCheck: false,
              placeholder: 'XXXX-XXXX-XXXX-XXXX',
              className: 'font-mono uppercase placeholder:normal-case',
            }
          : {
              autoComplete: 'one-time-code',
              inputMode: 'numeric',
              pattern: '[0-9]*',
              maxLength: 6,
              placeholder: '123456',
              className: 'font-mono tracking-[0.3em]',
            })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'verification-code-error' : 'verification-code-help'}
        {...form.register('code')}
      />
      <FieldError id="verification-code-error">{error}</FieldError>
      {!error && (
        <p id="verification-code-help" className="text-sm text-muted">
          {recovery
            ? 'Uno dei 10 codici ricevuti quando hai attivato la verifica. Ognuno vale una volta.'
            : "Le 6 cifre mostrate ora dall'app di autenticazione."}
        </p>
      )}
    </div>
  )
}

/** Second step of the sign-in: the authenticator's code, or a recovery code for a lost phone. */
export function CodeStep({ form, pending, onSubmit, onBack }: { form: CodeForm; pending: boolean; onSubmit: (code: string) => void; onBack: () => void }) {
  const [recovery, setRecovery] = useState(false)
  const toggle = () => {
    setRecovery(!recovery)
    form.reset({ code: '' })
  }
  return (
    <AuthCard
      icon={<SmartphoneIcon />}
      title="Verifica in Due Passaggi"
      description={
        recovery ? 'Inserisci uno dei codici di recupero che hai salvato.' : "Apri l'app di autenticazione e inserisci il codice di Artigiani Milano."
      }
    >
      <form noValidate onSubmit={form.handleSubmit(({ code }) => onSubmit(code))} className="grid gap-4">
        <CodeField key={String(recovery)} form={form} recovery={recovery} />
        <SubmitButton size="lg" pending={pending} pendingLabel="Verifica in corso...">
          Verifica e Accedi
        </SubmitButton>
        <Button type="button" variant="link" onClick={toggle}>
          {recovery ? "Usa il codice dell'app" : 'Usa un codice di recupero'}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          Torna indietro
        </Button>
      </form>
    </AuthCard>
  )
}

/** First sign-in of an account without a second factor: scan or type the secret, then prove it with a code. */
export function EnrolStep({
  secret,
  qrSvg,
  form,
  pending,
  onSubmit,
  onBack,
}: {
  secret: string
  qrSvg: string
  form: CodeForm
  pending: boolean
  onSubmit: (code: string) => void
  onBack: () => void
}) {
  return (
    <AuthCard
      icon={<ShieldCheckIcon />}
      title="Attiva la Verifica in Due Passaggi"
      description="Per entrare nell'area riservata serve, oltre alla password, un codice generato dal tuo telefono."
    >
      <form noValidate onSubmit={form.handleSubmit(({ code }) => onSubmit(code))} className="grid gap-5">
        <ol className="grid list-decimal gap-4 pl-5 text-sm text-ink marker:font-semibold">
          <li>
            Apri un'app di autenticazione (Google Authenticator, Microsoft Authenticator, 1Password...) e inquadra questo codice QR:
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
              alt="Codice QR da inquadrare con l'app di autenticazione"
              width={200}
              height={200}
              className="mx-auto mt-3 size-48 rounded-md border border-gray-200 bg-white p-1 [image-rendering:pixelated]"
            />
          </li>
          <li>
            Se non puoi inquadrarlo, aggiungi l'account a mano con questa chiave:
            <figure aria-label="Chiave segreta" className="mt-2">
              <code className="block select-all text-balance rounded-md bg-gray-100 px-3 py-2 text-center font-mono text-base">
                {secret.match(/.{1,4}/g)!.join(' ')}
              </code>
            </figure>
          </li>
          <li>Inserisci il codice di 6 cifre che l'app mostra ora.</li>
        </ol>
        <CodeField form={form} />
        <SubmitButton size="lg" pending={pending} pendingLabel="Verifica in corso...">
          Conferma e Accedi
        </SubmitButton>
        <Button type="button" variant="ghost" onClick={onBack}>
          Annulla
        </Button>
      </form>
    </AuthCard>
  )
}

/** Shown once after enrolment: the ten recovery codes, to copy or download before going on. */
export function RecoveryCodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `Codici di recupero - Area Riservata Artigiani Milano\nOgni codice vale una volta, al posto del codice dell'app.\n\n${codes.join('\n')}\n`
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: 'Codici Copiati', description: 'Incollali in un posto sicuro, come un gestore di password.' })
    } catch {
      toast({ title: 'Copia Non Riuscita', description: 'Seleziona i codici e copiali a mano, oppure scaricali.', variant: 'destructive' })
    }
  }
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
    const link = Object.assign(document.createElement('a'), { href: url, download: 'codici-recupero-artigiani-milano.txt' })
    link.click()
    URL.revokeObjectURL(url)
  }
  return (
    <AuthCard
      icon={<KeyRoundIcon />}
      title="Codici di Recupero"
      description="Se perdi il telefono, ognuno di questi codici sostituisce una volta il codice dell'app. Salvali ora: non verranno più mostrati."
    >
      <div className="grid gap-4">
        <ul
          aria-label="Codici di recupero"
          className="grid grid-cols-1 gap-x-4 gap-y-2 rounded-md bg-gray-100 p-4 font-mono text-base sm:grid-cols-2 sm:text-sm"
        >
          {codes.map((code) => (
            <li key={code} className="whitespace-nowrap text-center">
              {code}
            </li>
          ))}
        </ul>
        <div className="grid grid-cols-2 gap-3">
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <CopyIcon aria-hidden /> Copia
          </Button>
          <Button type="button" variant="outline" onClick={download}>
            <DownloadIcon aria-hidden /> Scarica
          </Button>
        </div>
        <Button type="button" size="lg" onClick={onDone}>
          Ho salvato i codici
        </Button>
      </div>
    </AuthCard>
  )
}
