import { useMutation } from '@tanstack/react-query'
import { MailIcon } from 'lucide-react'
import { Button } from '#src/components/ui/button.tsx'
import { serverMessage } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { useRefreshArtisans } from './artisan-page.tsx'

/** "Invia link di accesso": the area's sign-in mail, sent by the office; refused for craftsmen outside the area, with why. */
export function SendSignInLink({ artisanId }: { artisanId: number }) {
  const trpc = useTRPC()
  const refreshArtisans = useRefreshArtisans()
  const send = useMutation(
    trpc.admin.artisans.sendSignInLink.mutationOptions({
      onSuccess: async ({ email }) => {
        toast({ title: 'Link di accesso inviato', description: `Un link e un codice validi 15 minuti sono in viaggio verso ${email}.` })
        await refreshArtisans()
      },
      onError: (error) => toast({ title: 'Link non inviato', description: serverMessage(error, 'Riprova tra qualche istante.'), variant: 'destructive' }),
    }),
  )
  return (
    <Button variant="outline" disabled={send.isPending} onClick={() => send.mutate({ id: artisanId })}>
      <MailIcon aria-hidden /> {send.isPending ? 'Invio in corso...' : 'Invia link di accesso'}
    </Button>
  )
}
