import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trash2Icon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { toastServerError } from '#src/lib/server-errors.ts'
import { toast } from '#src/lib/toast.ts'
import { useTRPC } from '#src/lib/trpc.tsx'
import { COST_INVALID } from '#shared/schemas/statistics.ts'

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })
const monthLabel = (month: string) => new Date(`${month}-15T12:00:00Z`).toLocaleDateString('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** 'Costi delle campagne': what each campaign cost in a month, typed by the office, for the cost per request. */
export function CampaignCosts({
  campaigns,
  costs,
  defaultMonth,
}: {
  /** The campaign sources the period's visits and requests name. */
  campaigns: string[]
  costs: Array<{ month: string; source: string; costCents: number }>
  defaultMonth: string
}) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const id = useId()
  const [month, setMonth] = useState(defaultMonth)
  const [source, setSource] = useState('')
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = useMutation(
    trpc.admin.statistics.setCost.mutationOptions({
      onSuccess: async (saved) => {
        toast({
          title: saved.costCents === null ? 'Costo Eliminato' : 'Costo Salvato',
          description: `${saved.source}, ${monthLabel(saved.month)}`,
        })
        setAmount('')
        await queryClient.invalidateQueries({ queryKey: trpc.admin.statistics.report.pathKey() })
      },
      onError: toastServerError('Errore', 'Impossibile salvare il costo.'),
    }),
  )

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={`${id}-title`} className="font-semibold">
        Costi delle campagne
      </h2>
      <p className="text-sm text-muted">Il costo di un mese conta per i giorni del periodo che cadono in quel mese.</p>
      <form
        className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_9rem_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          const cost = Number(amount.replace(/\./g, '').replace(',', '.'))
          if (!amount.trim() || !Number.isFinite(cost) || cost < 0 || cost > 1_000_000) {
            setError(COST_INVALID)
            return
          }
          setError(null)
          save.mutate({ month, source, cost: Math.round(cost * 100) / 100 })
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-month`}>Mese</Label>
          <Input id={`${id}-month`} type="month" required value={month} onChange={(event) => setMonth(event.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-source`}>Campagna</Label>
          <NativeSelect id={`${id}-source`} required value={source} onChange={(event) => setSource(event.target.value)}>
            <option value="">Scegli una campagna</option>
            {campaigns.map((campaign) => (
              <option key={campaign} value={campaign}>
                {campaign}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-amount`}>Costo (€)</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            required
            value={amount}
            placeholder="Es. 450,00"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Salvataggio...' : 'Salva costo'}
        </Button>
        {error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-800 sm:col-span-4">
            {error}
          </p>
        ) : null}
      </form>
      {costs.length ? (
        <ul className="grid gap-1 text-sm" aria-label="Costi inseriti">
          {costs.map((cost) => (
            <li
              key={`${cost.month} ${cost.source}`}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-gray-100 py-1.5 last:border-0"
            >
              <span className="break-words">
                <span className="capitalize">{monthLabel(cost.month)}</span> · {cost.source}: <strong>{euro.format(cost.costCents / 100)}</strong>
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Elimina il costo di ${cost.source}, ${monthLabel(cost.month)}`}
                onClick={() => save.mutate({ month: cost.month, source: cost.source, cost: null })}
              >
                <Trash2Icon aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted">Nessun costo inserito per i mesi del periodo.</p>
      )}
    </section>
  )
}
