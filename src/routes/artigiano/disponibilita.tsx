import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/disponibilita')({ component: () => <h1 className="text-xl font-bold text-ink">Disponibilità</h1> })
