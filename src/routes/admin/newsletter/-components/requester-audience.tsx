import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { MARKETING_CONSENT_TEXT } from '#shared/marketing-consent.ts'
import { operationError } from './campaign-form.tsx'

/**
 * Which requesters the newsletters reach: those who consented, or also the others through the soft opt-in, which the
 * owner turns on here only after reading the legal note (server/newsletter/audience.ts).
 */
export function RequesterAudience() {
  const id = useId()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const audience = useQuery(trpc.admin.newsletter.audience.queryOptions())
  const [noteRead, setNoteRead] = useState(false)
  const change = useMutation(
    trpc.admin.newsletter.setSoftOptIn.mutationOptions({
      onSuccess: async ({ softOptIn }) => {
        setNoteRead(false)
        toast({
          title: softOptIn ? 'Soft opt-in attivato' : 'Soft opt-in disattivato',
          description: softOptIn
            ? 'Le newsletter agli utenti raggiungono anche chi non ha dato il consenso.'
            : 'Le newsletter agli utenti raggiungono solo chi ha dato il consenso.',
        })
        // The counts of the campaign form follow the audience.
        await queryClient.invalidateQueries({ queryKey: trpc.admin.newsletter.pathKey() })
      },
      onError: (error) => toast({ ...operationError(error), variant: 'destructive' }),
    }),
  )
  if (!audience.data) return null
  const { softOptIn, note } = audience.data
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-none">Utenti che ricevono le newsletter</h2>
        <CardDescription>
          {softOptIn
            ? `Attivo il soft opt-in: ricevono le newsletter gli utenti che hanno spuntato «${MARKETING_CONSENT_TEXT}» e anche gli altri che hanno chiesto un preventivo, salvo chi si è disiscritto.`
            : `Ricevono le newsletter solo gli utenti che hanno spuntato «${MARKETING_CONSENT_TEXT}» nel modulo, salvo chi si è disiscritto.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p id={`${id}-note`} className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-ink">
          {note}
        </p>
        {softOptIn ? (
          <Button variant="outline" className="justify-self-start" disabled={change.isPending} onClick={() => change.mutate({ enabled: false })}>
            Disattiva il soft opt-in
          </Button>
        ) : (
          <>
            <label htmlFor={`${id}-read`} className="flex items-start gap-3 text-sm">
              <input
                id={`${id}-read`}
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
                aria-describedby={`${id}-note`}
                checked={noteRead}
                onChange={(event) => setNoteRead(event.currentTarget.checked)}
              />
              Ho letto la nota: scriveremo agli utenti senza consenso solo di servizi analoghi a quelli che hanno richiesto.
            </label>
            <Button className="justify-self-start" disabled={!noteRead || change.isPending} onClick={() => change.mutate({ enabled: true, noteRead })}>
              Attiva il soft opt-in
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  )
}
