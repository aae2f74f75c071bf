import { createFileRoute, redirect } from '@tanstack/react-router'

/** /artigiano: the offers for a signed-in craftsman; the layout sends everyone else to the sign-in first. */
export const Route = createFileRoute('/artigiano/')({
  beforeLoad: ({ context }) => {
    throw redirect({ to: context.artisan ? '/artigiano/offerte' : '/artigiano/accedi', replace: true })
  },
})
