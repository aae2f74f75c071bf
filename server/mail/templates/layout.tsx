import { Body } from '@react-email/body'
import { Button } from '@react-email/button'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Heading } from '@react-email/heading'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import type * as React from 'react'

const BRAND = '#c81e1e'

/** The frame of every transactional e-mail: brand bar, title, content, footer. */
export function EmailLayout({ preview, title, children }: { preview: string; title: string; children: React.ReactNode }) {
  return (
    <Html lang="it">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', color: '#18181b', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 600, overflow: 'hidden' }}>
          <Section style={{ backgroundColor: BRAND, padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: 18, fontWeight: 700, margin: 0 }}>Artigiani Milano</Text>
          </Section>
          <Section style={{ padding: '8px 24px 24px' }}>
            <Heading as="h1" style={{ fontSize: 22, lineHeight: '28px', margin: '16px 0' }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: '#e4e4e7', margin: 0 }} />
          <Section style={{ padding: '12px 24px' }}>
            <Text style={{ color: '#71717a', fontSize: 12, margin: 0 }}>Artigiani Milano - I migliori artigiani a Milano e provincia</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

/** Label and value rows; every value is text, so React escapes it. */
/** Label and value rows; a value is text, or a link to our own site. */
export function DetailsTable({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ width: '100%', borderCollapse: 'collapse', fontSize: 14 }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td
              style={{
                padding: '6px 12px 6px 0',
                verticalAlign: 'top',
                color: '#52525b',
                fontWeight: 600,
                whiteSpace: 'nowrap',
                borderBottom: '1px solid #f4f4f5',
              }}
            >
              {label}
            </td>
            <td style={{ padding: '6px 0', verticalAlign: 'top', whiteSpace: 'pre-wrap', wordBreak: 'break-word', borderBottom: '1px solid #f4f4f5' }}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/**
 * The 'Pagina di provenienza' row of the office's notifications: a page of our own site as a real link, anything else
 * as the defanged text it was given.
 */
export function fromPageRow(fromPageUrl: string | null | undefined, defangedFromPage: string): [string, React.ReactNode] {
  return [
    'Pagina di provenienza',
    fromPageUrl ? (
      <Link key="from-page" href={fromPageUrl}>
        {fromPageUrl}
      </Link>
    ) : (
      defangedFromPage
    ),
  ]
}

export const paragraph: React.CSSProperties = { fontSize: 15, lineHeight: '22px', margin: '0 0 12px' }

/** A call to action: a link that looks like a button, with its address spelled out for clients that hide buttons. */
export function ActionButton({ href, children, tone = 'brand' }: { href: string; children: React.ReactNode; tone?: 'brand' | 'neutral' }) {
  const colors = tone === 'brand' ? { backgroundColor: BRAND, color: '#ffffff' } : { backgroundColor: '#e4e4e7', color: '#18181b' }
  return (
    <Button href={href} style={{ ...colors, borderRadius: 6, padding: '12px 20px', fontWeight: 700, fontSize: 15, margin: '0 8px 8px 0' }}>
      {children}
    </Button>
  )
}
