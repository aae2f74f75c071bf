import { createFileRoute, Link, useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { findService, services, topServiceIds } from '../catalog/index.ts'
import { Button } from '../components/ui/button.tsx'
import { pageHead } from '../lib/site.ts'

export const Route = createFileRoute('/')({
  head: ({ match }) =>
    pageHead({
      title: null,
      description: null,
      keywords: null,
      path: '/',
      publicUrl: match.context.publicUrl,
    }),
  component: HomePage,
})

const topServices = topServiceIds.map((id) => findService(id)!)

function HomePage() {
  const navigate = useNavigate()
  const serviceFieldId = useId()
  const addressFieldId = useId()
  const [serviceId, setServiceId] = useState(services[0]!.id)
  const [address, setAddress] = useState('')
  const selected = findService(serviceId)

  return (
    <main id="contenuto" className="flex-1">
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <h1 className="max-w-3xl text-3xl font-extrabold tracking-tight sm:text-5xl">
            Trova l'artigiano giusto a Milano e provincia
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            Chiedi un preventivo gratuito e senza impegno: ti mettiamo in contatto con artigiani selezionati e verificati
            della tua zona.
          </p>
          <form
            className="mt-8 grid max-w-3xl gap-4 rounded-xl bg-white p-5 shadow-lg ring-1 ring-gray-200 sm:p-6"
            onSubmit={(event) => {
              event.preventDefault()
              if (!selected) return
              void navigate({ to: "/$slug", params: { slug: selected.id } })
            }}
          >
            <div className="grid gap-2">
              <label htmlFor={serviceFieldId} className="text-sm font-semibold">
                Di quale servizio hai bisogno?
              </label>
              <select
                id={serviceFieldId}
                value={serviceId}
                onChange={(event) => setServiceId(event.target.value)}
                className="h-11 rounded-md border border-gray-300 bg-white px-3"
              >
                {services.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.name}
                  </option>
                ))}
              </select>
              {selected && <p className="text-sm text-muted">{selected.shortDescription}</p>}
            </div>
            <div className="grid gap-2">
              <label htmlFor={addressFieldId} className="text-sm font-semibold">
                Indirizzo dell'intervento
              </label>
              <input
                id={addressFieldId}
                value={address}
                onChange={(event) => setAddress(event.target.value)}
                placeholder="Es. Milano, Via Roma 1"
                autoComplete="street-address"
                className="h-11 rounded-md border border-gray-300 px-3"
              />
            </div>
            <Button type="submit" size="lg">
              CHIEDI PREVENTIVO
            </Button>
          </form>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="servizi-richiesti">
        <h2 id="servizi-richiesti" className="text-2xl font-bold sm:text-3xl">
          I servizi più richiesti
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {topServices.map((service) => (
            <li key={service.id}>
              <Link
                to="/$slug"
                params={{ slug: service.id }}
                className="block h-full rounded-xl border border-gray-200 p-5 shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <h3 className="text-lg font-semibold">{service.name}</h3>
                <p className="mt-2 text-sm text-muted">{service.shortDescription}</p>
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-8 text-center">
          <Button asChild variant="outline" size="lg">
            <Link to="/i-nostri-artigiani">Visualizza tutti i Servizi</Link>
          </Button>
        </div>
      </section>
    </main>
  )
}
