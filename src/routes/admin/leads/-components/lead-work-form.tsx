import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SaveIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { LEAD_STATUSES } from '#shared/enums.ts'
import { serverMessage } from '#src/components/admin/server-message.ts'
import { Button } from '#src/components/ui/button.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { LEAD_STATUS_LABELS, type LeadWork, leadWorkSchema } from '#shared/schemas/admin-leads.ts'
import type { LeadDetail } from './lead-details-dialog.tsx'

/** Status and internal notes, edited in place; every change is written to the audit log by the server. */
export function LeadWorkForm({ lead }: { lead: LeadDetail }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const form = useForm<LeadWork>({
    resolver: zodResolver(leadWorkSchema),
    defaultValues: { status: lead.status, notes: lead.notes ?? '' },
  })
  const update = useMutation(
    trpc.admin.leads.update.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Preventivo Aggiornato', description: 'Stato e note sono stati salvati.' })
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.byId.queryKey({ id: lead.id }) }),
          queryClient.invalidateQueries({ queryKey: trpc.admin.leads.list.queryKey() }),
        ])
      },
      onError: (error) =>
        toast({
          title: 'Errore Aggiornamento',
          description: serverMessage(error, 'Impossibile aggiornare il preventivo.'),
          variant: 'destructive',
        }),
    }),
  )
  const { errors, isDirty } = form.formState
  return (
    <form
      aria-label="Lavorazione del preventivo"
      className="grid gap-3 rounded-lg border border-gray-200 bg-gray-50 p-4"
      onSubmit={form.handleSubmit((values) => update.mutate({ id: lead.id, ...values }))}
    >
      <h3 className="font-semibold text-ink">Lavorazione</h3>
      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor="lead-status">Stato</Label>
        <NativeSelect id="lead-status" aria-invalid={errors.status ? true : undefined} {...form.register('status')}>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </NativeSelect>
        <FieldError>{errors.status?.message}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="lead-notes">Note Interne</Label>
        <Textarea
          id="lead-notes"
          rows={3}
          placeholder="Es. richiamare dopo le 18, sopralluogo martedì"
          aria-invalid={errors.notes ? true : undefined}
          {...form.register('notes')}
        />
        <FieldError>{errors.notes?.message}</FieldError>
      </div>
      <div>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          <SaveIcon aria-hidden /> {update.isPending ? 'Salvataggio...' : 'Salva Modifiche'}
        </Button>
      </div>
    </form>
  )
}
