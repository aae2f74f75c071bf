import type * as React from 'react'

/**
 * One item of a list of features: its picture (an icon, a step number), its title and a line of text. The picture stands
 * above the words, or `beside` them.
 */
export function Feature({
  className = 'rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200',
  media,
  title,
  beside = false,
  titleClassName = beside ? 'font-semibold' : 'mt-3 font-semibold',
  textClassName = 'mt-1 text-sm text-muted',
  children,
}: {
  className?: string
  media: React.ReactNode
  title: React.ReactNode
  beside?: boolean
  titleClassName?: string
  textClassName?: string
  children: React.ReactNode
}) {
  const words = (
    <>
      <h3 className={titleClassName}>{title}</h3>
      <p className={textClassName}>{children}</p>
    </>
  )
  return (
    <li className={className}>
      {media}
      {beside ? <div>{words}</div> : words}
    </li>
  )
}
