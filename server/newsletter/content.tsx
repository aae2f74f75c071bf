import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Html } from '@react-email/html'
import { Preview } from '@react-email/preview'
import { render } from '@react-email/render'
import { Section } from '@react-email/section'
import { Text } from '@react-email/text'
import sanitizeHtml from 'sanitize-html'
import { safeStyleAttribute, safeStylesheet } from './safe-css.ts'

const BRAND = '#c81e1e'
const INK = '#18181b'

/** What mail clients keep of a stylesheet is little: every element of the editor gets its style on itself. */
const INLINE: Record<string, string> = {
  h1: `font-size:26px;line-height:32px;font-weight:700;margin:20px 0 12px;color:${INK}`,
  h2: `font-size:21px;line-height:28px;font-weight:700;margin:18px 0 10px;color:${INK}`,
  h3: `font-size:17px;line-height:24px;font-weight:700;margin:16px 0 8px;color:${INK}`,
  p: `font-size:15px;line-height:23px;margin:0 0 12px;color:${INK}`,
  ul: 'margin:0 0 12px;padding-left:24px',
  ol: 'margin:0 0 12px;padding-left:24px',
  li: `font-size:15px;line-height:23px;margin:0 0 4px;color:${INK}`,
  blockquote: 'margin:0 0 12px;padding:4px 0 4px 14px;border-left:3px solid #e4e4e7;color:#52525b',
  a: `color:${BRAND};text-decoration:underline`,
  img: 'display:block;max-width:100%;height:auto;border:0;margin:0 0 12px',
  hr: 'border:0;border-top:1px solid #e4e4e7;margin:20px 0',
}
const BUTTON = `display:inline-block;background-color:${BRAND};color:#ffffff;font-weight:700;font-size:15px;line-height:20px;text-decoration:none;padding:12px 22px;border-radius:6px`

const https = (value: string) => /^https:\/\//i.test(value.trim())

/**
 * The editor's HTML reduced to what it can produce (headings, paragraphs, bold, italic, lists, links, https images, a
 * button link), each element styled inline. Anything else (scripts, frames, event handlers, javascript: links, http
 * images) is dropped.
 */
export function sanitizeEditorHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['h1', 'h2', 'h3', 'p', 'br', 'strong', 'b', 'em', 'i', 's', 'u', 'ul', 'ol', 'li', 'blockquote', 'a', 'img', 'hr'],
    // Styles only where the transforms below wrote them: nothing the pasted text brought along.
    allowedAttributes: {
      ...Object.fromEntries(Object.keys(INLINE).map((tag) => [tag, ['style']])),
      a: ['href', 'style', 'target', 'rel'],
      img: ['src', 'alt', 'style'],
    },
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https'] },
    allowProtocolRelative: false,
    exclusiveFilter: (frame) => frame.tag === 'img' && !https(frame.attribs.src ?? ''),
    transformTags: Object.fromEntries(
      Object.entries(INLINE).map(([tag, style]) => [
        tag,
        (tagName: string, attribs: Record<string, string>): { tagName: string; attribs: Record<string, string> } => {
          if (tagName === 'a') {
            const button = /\bemail-button\b/.test(attribs.class ?? '')
            return { tagName, attribs: { href: attribs.href ?? '', style: button ? BUTTON : style, target: '_blank', rel: 'noopener' } }
          }
          const kept: Record<string, string> = tagName === 'img' ? { src: attribs.src ?? '', alt: attribs.alt ?? '' } : {}
          return { tagName, attribs: { ...kept, style } }
        },
      ]),
    ),
  })
}

/** Attributes that load an image: kept only with an https address, as images are in both modes. */
const IMAGE_URL_ATTRIBUTES = ['background', 'poster', 'lowsrc', 'dynsrc']

/** A URL as browsers read it: they skip control characters and spaces, so "java\tscript:" is javascript:. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what browsers skip in a URL.
const compactUrl = (value: string) => value.replace(/[\u0000-\u0020]+/g, '')

function advancedAttributes(attribs: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {}
  for (const [name, value] of Object.entries(attribs)) {
    const lower = name.toLowerCase()
    if (lower.startsWith('on') || /^(javascript|vbscript|data):/i.test(compactUrl(value))) continue
    // Few mail clients read srcset, and the image always loads from src, which must be https: srcset goes whole.
    if (lower === 'srcset' || lower === 'imagesrcset') continue
    if (IMAGE_URL_ATTRIBUTES.includes(lower) && !https(compactUrl(value))) continue
    if (lower === 'style') {
      const style = safeStyleAttribute(value)
      if (style) kept[name] = style
      continue
    }
    kept[name] = value
  }
  return kept
}

/**
 * A <style> element's text in sanitize-html's output, which escapes '<' in every text and attribute value: there
 * '<style' only opens a style element, and its text ends at the first '</style>', where the parser ended it.
 */
const STYLE_ELEMENT = /(<style\b[^>]*>)([\s\S]*?)(<\/style>|$)/g

/**
 * Raw HTML of the 'avanzato' mode: the layout is the author's, but nothing that runs or loads from a plain-http or
 * local address survives: scripts, frames, handlers, javascript: URLs, <meta http-equiv> (a refresh is a redirect),
 * srcset, and in CSS (style attributes and <style>) @import, behavior, -moz-binding, expression() and non-https url().
 */
export function sanitizeAdvancedHtml(html: string): string {
  const sanitized = sanitizeHtml(html, {
    allowedTags: [...sanitizeHtml.defaults.allowedTags, 'html', 'head', 'body', 'style', 'title', 'meta', 'img', 'center', 'font', 'span', 'div', 'h1', 'h2'],
    allowVulnerableTags: true,
    allowedAttributes: false,
    allowedSchemes: ['https', 'http', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['https', 'cid'] },
    allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'background', 'poster'],
    allowProtocolRelative: false,
    exclusiveFilter: (frame) =>
      (frame.tag === 'img' && !/^(https:|cid:)/i.test(frame.attribs.src?.trim() ?? '')) ||
      (frame.tag === 'meta' && Object.keys(frame.attribs).some((name) => name.toLowerCase() === 'http-equiv')),
    transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: advancedAttributes(attribs) }) },
  })
  return sanitized.replace(STYLE_ELEMENT, (_, open: string, css: string, close: string) => `${open}${safeStylesheet(css)}${close || '</style>'}`)
}

/** The site's mail frame around the editor's content: brand bar, the content, the sender's line. */
function NewsletterLayout({ subject, html, siteUrl }: { subject: string; html: string; siteUrl: string }) {
  return (
    <Html lang="it">
      <Head />
      <Preview>{subject}</Preview>
      <Body style={{ backgroundColor: '#f4f4f5', fontFamily: 'Helvetica, Arial, sans-serif', color: INK, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 600, overflow: 'hidden' }}>
          <Section style={{ backgroundColor: BRAND, padding: '16px 24px' }}>
            <Text style={{ color: '#ffffff', fontSize: 18, fontWeight: 700, margin: 0 }}>Artigiani Milano</Text>
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the content went through sanitizeEditorHtml */}
            <div dangerouslySetInnerHTML={{ __html: html }} />
          </Section>
          <Section style={{ padding: '12px 24px', borderTop: '1px solid #e4e4e7' }}>
            <Text style={{ color: '#71717a', fontSize: 12, lineHeight: '18px', margin: 0 }}>
              Artigiani Milano · I migliori artigiani a Milano e provincia · {siteUrl.replace(/^https?:\/\//, '')}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

export type CampaignEditor = 'visual' | 'html'

/** The HTML a campaign sends: the editor's content sanitized and framed, or the advanced mode's HTML sanitized. */
export async function campaignHtml({
  subject,
  body,
  editor,
  siteUrl,
}: {
  subject: string
  body: string
  editor: CampaignEditor
  siteUrl: string
}): Promise<string> {
  if (editor === 'html') return sanitizeAdvancedHtml(body)
  return render(<NewsletterLayout subject={subject} html={sanitizeEditorHtml(body)} siteUrl={siteUrl} />)
}
