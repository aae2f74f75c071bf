import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/offerte')({ component: () => <h1 className="text-xl font-bold text-ink">Offerte</h1> })
