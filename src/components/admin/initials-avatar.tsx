import { cn } from '#src/lib/utils.ts'

const COLORS = ['bg-brand-600', 'bg-trade-600', 'bg-emerald-600', 'bg-amber-600', 'bg-violet-600', 'bg-slate-600']

/** The first letter of the e-mail on a coloured disc, drawn here: no external avatar service sees who signs in. */
export function InitialsAvatar({ email, className }: { email: string; className?: string }) {
  const letter = (email.trim()[0] ?? '?').toUpperCase()
  const color = COLORS[[...email].reduce((sum, char) => sum + char.charCodeAt(0), 0) % COLORS.length]
  return (
    <span aria-hidden className={cn('inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white', color, className)}>
      {letter}
    </span>
  )
}
