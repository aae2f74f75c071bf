import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/numeri')({ component: () => <h1 className="text-xl font-bold text-ink">I tuoi numeri</h1> })
