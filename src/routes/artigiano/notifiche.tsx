import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/artigiano/notifiche')({ component: () => <h1 className="text-xl font-bold text-ink">Notifiche</h1> })
