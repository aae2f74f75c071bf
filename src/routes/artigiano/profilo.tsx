import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/profilo')({ component: () => <h1 className="text-xl font-bold text-ink">Profilo</h1> })
