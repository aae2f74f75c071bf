import { Badge } from '#src/components/ui/badge.tsx'
import { MESSAGE_STATE_LABELS, messageState } from '#shared/schemas/contact-messages.ts'

const VARIANT = { nuovo: 'warning', letto: 'default', risposto: 'success' } as const

/** Da leggere, Letto or Risposto. */
export function MessageStateBadge({ message }: { message: { read_at: string | null; answered_at: string | null } }) {
  const state = messageState(message)
  return <Badge variant={VARIANT[state]}>{MESSAGE_STATE_LABELS[state]}</Badge>
}
