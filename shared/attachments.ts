// What the forms, the server and the back office know about attachments, without the schemas (and zod) that check them:
// the browser's forms load this with their first render and the schemas only when they validate.

export const MAX_ATTACHMENTS = 3
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024
/** What the file picker offers: images, PDF, .doc, .docx, .txt (docs/product.md §5). */
export const ATTACHMENT_ACCEPT =
  'image/*,.pdf,.doc,.docx,.txt,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain'

/** The attachment types a browser shows itself (images and PDF): the back office opens these in a new tab and downloads the rest. */
const SHOWN_IN_THE_BROWSER = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'image/bmp', 'application/pdf'])
export const opensInBrowser = (contentType: string) => SHOWN_IN_THE_BROWSER.has(contentType.split(';')[0]!.trim().toLowerCase())

export const TOO_MANY_FILES_TITLE = 'Troppi file selezionati'
export const TOO_MANY_FILES = 'Puoi caricare un massimo di 3 file.'
export const FILE_TOO_BIG_TITLE = 'File troppo grande'
export const fileTooBig = (file: string) => `Il file "${file}" supera la dimensione massima di 5MB.`
export const fileNotReadable = (file: string) => `Il file "${file}" non è leggibile: selezionalo di nuovo.`
export const fileTypeNotAllowed = (file: string) => `Il file "${file}" non è di un tipo consentito: puoi allegare immagini, PDF, .doc, .docx e .txt.`

// Single characters or one class each: every check below is a linear scan, whatever the input.
const TOKEN_CHAR = /[^\w.+-]/
const NAME_CHAR = /[^\w-]/
const BASE64_CHAR = /[^A-Za-z0-9+/]/

/** `data:[type[/subtype]][;name=value]*;base64,<base64>`, parsed with slices rather than one pattern, which backtracked. */
export function isBase64DataUrl(value: string): boolean {
  const comma = value.indexOf(',')
  if (!value.startsWith('data:') || comma < 0) return false
  const header = value.slice(5, comma)
  if (!header.endsWith(';base64')) return false
  const [mediaType = '', ...parameters] = header.slice(0, -';base64'.length).split(';')
  const slash = mediaType.indexOf('/')
  if (slash !== mediaType.lastIndexOf('/') || TOKEN_CHAR.test(mediaType.replace('/', ''))) return false
  for (const parameter of parameters) {
    const equals = parameter.indexOf('=')
    const name = parameter.slice(0, equals)
    const parameterValue = parameter.slice(equals + 1)
    if (equals < 1 || parameterValue === '' || NAME_CHAR.test(name) || TOKEN_CHAR.test(parameterValue)) return false
  }
  const payload = value.slice(comma + 1)
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  return payload.length % 4 === 0 && !BASE64_CHAR.test(payload.slice(0, payload.length - padding))
}

/** Bytes a base64 payload decodes to, without decoding it. */
export function base64Size(dataUrl: string): number {
  const payload = dataUrl.slice(dataUrl.indexOf(',') + 1)
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0
  return Math.floor((payload.length * 3) / 4) - padding
}
