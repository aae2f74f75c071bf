import { render, toPlainText } from '@react-email/render'
import type * as React from 'react'

/** One render to HTML; the text part is derived from it, so both always say the same thing. */
export async function renderEmail(element: React.ReactElement): Promise<{ html: string; text: string }> {
  const html = await render(element)
  return { html, text: toPlainText(html) }
}
