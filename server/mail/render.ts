import { render, toPlainText } from '@react-email/render'
import type * as React from 'react'

/** One render to HTML; the text part is derived from it, so both always say the same thing. */
export async function renderEmail(element: React.ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element)
  return { html, text: toPlainText(html) }
}

/** Date and time as an Italian reader expects them (docs/product.md §7.3 submission_timestamp). */
export function italianTimestamp(date: Date): string {
  return ITALIAN_TIME.format(date)
}

// Building a formatter is costly (toLocaleString builds one per call); one instance serves every request.
const ITALIAN_TIME = new Intl.DateTimeFormat('it-IT', { timeZone: 'Europe/Rome', dateStyle: 'short', timeStyle: 'medium' })
