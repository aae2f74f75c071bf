import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'

export const Route = createFileRoute('/artigiano/accedi')({
  validateSearch: z.object({ redirect: z.string().max(2000).optional().catch(undefined) }),
  component: () => <h1 className="text-xl font-bold text-ink">Accedi</h1>,
})
