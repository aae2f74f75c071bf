import type * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader } from '#src/components/ui/card.tsx'
import { cn } from '#src/lib/utils.ts'

/** The centred card of the sign-in, second-factor and new-password screens: an icon, a title, a line of help. */
export function AuthCard({
  icon,
  title,
  description,
  tone = 'brand',
  children,
}: {
  icon: React.ReactNode
  title: string
  description: React.ReactNode
  tone?: 'brand' | 'danger'
  children: React.ReactNode
}) {
  return (
    <Card className="w-full">
      <CardHeader className="justify-items-center p-6 pb-0 text-center">
        <span
          className={cn(
            'mb-2 inline-flex size-12 items-center justify-center rounded-full [&_svg]:size-6',
            tone === 'brand' ? 'bg-brand-50 text-brand-600' : 'bg-red-100 text-red-700',
          )}
          aria-hidden
        >
          {icon}
        </span>
        <h1 className="font-semibold leading-none text-2xl">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="p-6">{children}</CardContent>
    </Card>
  )
}
