import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/recensioni')({ component: () => <h1 className="text-xl font-bold text-ink">Recensioni</h1> })
