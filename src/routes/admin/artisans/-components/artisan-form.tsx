import { zodResolver } from '@hookform/resolvers/zod'
import type { inferRouterOutputs } from '@trpc/server'
import { Controller, useForm } from 'react-hook-form'
import type { AppRouter } from '#server/trpc/router.ts'
import { InputField, SelectField, SubmitButton, TextareaField } from '#src/components/admin/form-field.tsx'
import { Checkbox } from '#src/components/ui/checkbox.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { ARTISAN_SECTORS, ARTISAN_STATUS_LABELS, type ArtisanFormOutput, type ArtisanFormValues, artisanFormSchema } from '#shared/schemas/artisan.ts'

type SavedArtisan = inferRouterOutputs<AppRouter>['admin']['artisans']['byId']['artisan']

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

/** The form's values for a saved artisan: empty strings for missing texts, zones as one comma-separated line. */
export function formValues(artisan: SavedArtisan): ArtisanFormValues {
  return {
    contact_name: artisan.contact_name,
    company_name: artisan.company_name ?? '',
    vat_number: artisan.vat_number ?? '',
    email: artisan.email,
    phone: artisan.phone,
    specialization_sectors: artisan.specialization_sectors,
    operative_zones: artisan.operative_zones.join(', '),
    status: artisan.status,
    is_verified: artisan.is_verified,
    profile_image_url: artisan.profile_image_url ?? '',
    notes: artisan.notes ?? '',
  }
}

/** The fields typed as text; the sectors, the status, the verification and the notes have their own controls. */
type TextField = 'contact_name' | 'company_name' | 'email' | 'phone' | 'vat_number' | 'profile_image_url' | 'operative_zones'

const STATUSES = Object.entries(ARTISAN_STATUS_LABELS)

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

  const field = (name: TextField, label: string, options: { required?: boolean; type?: string; hint?: string } = {}) => (
    <InputField id={`artisan-${name}`} label={label} type="text" autoComplete="off" error={errors[name]?.message} {...options} {...form.register(name)} />
  )

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

      {field('operative_zones', 'Zone operative', {
        hint: 'Separate da virgola, ad esempio: Milano, Rho, Sesto San Giovanni. I comuni riconosciuti diventano la copertura dei settori nuovi; la copertura si modifica nella pagina dell’artigiano.',
      })}

      <div className="grid gap-4 md:grid-cols-2">
        <SelectField id="artisan-status" label="Stato" options={STATUSES} error={errors.status?.message} {...form.register('status')} />
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

      <TextareaField id="artisan-notes" label="Note Interne" rows={5} error={errors.notes?.message} {...form.register('notes')} />

      <div className="flex justify-end">
        <SubmitButton size="lg" pending={pending} pendingLabel="Salvataggio...">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  )
}
