import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/zone')({ component: () => <h1 className="text-xl font-bold text-ink">Zone</h1> })
