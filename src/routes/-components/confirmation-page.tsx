import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'

/**
 * The page shown once a form is sent: a large icon (`iconClassName` its colour), the thanks, what happens next
 * (`children`) and, when given, the links onward in a row.
 */
export function ConfirmationPage({
  icon: Icon,
  iconClassName = 'text-green-700',
  title,
  children,
  links,
}: {
  icon: LucideIcon
  iconClassName?: string
  title: string
  children: ReactNode
  links?: ReactNode
}) {
  return (
    <main id="contenuto" className="mx-auto w-full max-w-3xl flex-1 px-4 py-14 text-center">
      <Icon className={`mx-auto size-16 ${iconClassName}`} aria-hidden />
      <h1 className="mt-4 text-3xl font-extrabold sm:text-4xl">{title}</h1>
      {children}
      {links ? <div className="mt-10 flex flex-wrap justify-center gap-3">{links}</div> : null}
    </main>
  )
}
