import { zodResolver } from '@hookform/resolvers/zod'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '#src/components/ui/button.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { NativeSelect } from '#src/components/ui/native-select.tsx'
import { Textarea } from '#src/components/ui/textarea.tsx'
import { ARTISAN_SECTORS, ARTISAN_STATUS_LABELS, type ArtisanFormOutput, type ArtisanFormValues, artisanFormSchema } from '#shared/schemas/artisan.ts'

export const EMPTY_ARTISAN: ArtisanFormValues = {
  contact_name: '',
  company_name: '',
  vat_number: '',
  email: '',
  phone: '',
  specialization_sectors: [],
  operative_zones: '',
  status: 'pending_review',
  is_verified: false,
  profile_image_url: '',
  notes: '',
}

type Props = {
  defaultValues: ArtisanFormValues
  submitLabel: string
  pending: boolean
  /** Receives the raw values: the procedure applies the same schema, transforms included. */
  onSubmit: (values: ArtisanFormValues) => void
}

/** The fields of docs/product.md §2.4, validated by the same schema as admin.artisans.create/update. */
export function ArtisanForm({ defaultValues, submitLabel, pending, onSubmit }: Props) {
  const form = useForm<ArtisanFormValues, unknown, ArtisanFormOutput>({ resolver: zodResolver(artisanFormSchema), defaultValues, mode: 'onTouched' })
  const { errors } = form.formState
  // Sectors saved from applications may use names outside the admin list; keep them selectable.
  const sectors = [...new Set([...ARTISAN_SECTORS, ...(defaultValues.specialization_sectors ?? [])])]

  const field = (name: keyof ArtisanFormValues, label: string, options: { required?: boolean; type?: string; autoComplete?: string; hint?: string } = {}) => {
    const error = errors[name]?.message
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={`artisan-${name}`}>
          {label}
          {options.required && <span aria-hidden> *</span>}
        </Label>
        <Input
          id={`artisan-${name}`}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete ?? 'off'}
          aria-required={options.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={[options.hint && `artisan-${name}-hint`, error && `artisan-${name}-error`].filter(Boolean).join(' ') || undefined}
          {...form.register(name)}
        />
        {options.hint && (
          <p id={`artisan-${name}-hint`} className="text-xs text-muted">
            {options.hint}
          </p>
        )}
        <FieldError id={`artisan-${name}-error`}>{error}</FieldError>
      </div>
    )
  }

  return (
    <form noValidate className="grid gap-5" onSubmit={form.handleSubmit(() => onSubmit(form.getValues()))}>
      <div className="grid items-start gap-4 md:grid-cols-2">
        {field('contact_name', 'Nome referente', { required: true })}
        {field('company_name', 'Nome azienda')}
        {field('email', 'Email', { required: true, type: 'email' })}
        {field('phone', 'Telefono', { required: true, type: 'tel' })}
        {field('vat_number', 'Partita IVA')}
        {field('profile_image_url', 'URL immagine profilo', {
          type: 'url',
          hint: 'Indirizzo http(s) di una foto o di un logo; lascia vuoto se non disponibile.',
        })}
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Settori di specializzazione</legend>
        <Controller
          control={form.control}
          name="specialization_sectors"
          render={({ field: { value = [], onChange } }) => (
            <div className="grid max-h-[15rem] gap-2 overflow-y-auto rounded-md border border-gray-300 p-3 sm:grid-cols-2 lg:grid-cols-3">
              {sectors.map((sector) => {
                const id = `sector-${sector.replace(/\W+/g, '-')}`
                return (
                  <div key={sector} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={value.includes(sector)}
                      onCheckedChange={(checked) => onChange(checked ? [...value, sector] : value.filter((item) => item !== sector))}
                    />
                    <Label htmlFor={id} className="font-normal">
                      {sector}
                    </Label>
                  </div>
                )
              })}
            </div>
          )}
        />
      </fieldset>

      {field('operative_zones', 'Zone operative', { hint: 'Separate da virgola, ad esempio: Milano, Monza, Sesto San Giovanni' })}

      <div className="grid gap-4 md:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor="artisan-status">Stato</Label>
          <NativeSelect id="artisan-status" aria-invalid={errors.status ? true : undefined} {...form.register('status')}>
            {Object.entries(ARTISAN_STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          <FieldError>{errors.status?.message}</FieldError>
        </div>
        <Controller
          control={form.control}
          name="is_verified"
          render={({ field: { value, onChange } }) => (
            <div className="flex items-center gap-2 self-end pb-2.5">
              <Checkbox id="artisan-is_verified" checked={value ?? false} onCheckedChange={(checked) => onChange(checked === true)} />
              <Label htmlFor="artisan-is_verified">Artigiano Verificato</Label>
            </div>
          )}
        />
      </div>

      <div className="grid gap-1.5">
        <Label htmlFor="artisan-notes">Note Interne</Label>
        <Textarea
          id="artisan-notes"
          rows={5}
          aria-invalid={errors.notes ? true : undefined}
          aria-describedby={errors.notes ? 'artisan-notes-error' : undefined}
          {...form.register('notes')}
        />
        <FieldError id="artisan-notes-error">{errors.notes?.message}</FieldError>
      </div>

      <div className="flex justify-end">
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Salvataggio...' : submitLabel}
        </Button>
      </div>
    </form>
  )
}
