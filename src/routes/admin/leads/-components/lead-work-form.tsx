import { zodResolver } from '@hookform/resolvers/zod'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { SaveIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { LEAD_STATUSES } from '#shared/enums.ts'
import { toastServerError } from '#src/lib/server-errors.ts'
import { SelectField, TextareaField } from '#src/components/admin/form-field.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { LEAD_STATUS_LABELS, type LeadWork, leadWorkSchema } from '#shared/schemas/admin-leads.ts'
import type { LeadDetail } from './lead-details-dialog.tsx'

const STATUSES = LEAD_STATUSES.map((status) => [status, LEAD_STATUS_LABELS[status]] as const)

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
      onError: toastServerError('Errore Aggiornamento', 'Impossibile aggiornare il preventivo.'),
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
      <div className="sm:max-w-xs">
        <SelectField id="lead-status" label="Stato" options={STATUSES} error={errors.status?.message} {...form.register('status')} />
      </div>
      <TextareaField
        id="lead-notes"
        label="Note Interne"
        rows={3}
        placeholder="Es. richiamare dopo le 18, sopralluogo martedì"
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <div>
        <Button type="submit" disabled={update.isPending || !isDirty}>
          <SaveIcon aria-hidden /> {update.isPending ? 'Salvataggio...' : 'Salva Modifiche'}
        </Button>
      </div>
    </form>
  )
}
