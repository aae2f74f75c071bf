import { fileTypeFromBuffer } from 'file-type'
import { fileNotReadable, fileTypeNotAllowed, fileTooBig, MAX_ATTACHMENT_BYTES } from '#shared/schemas/attachments.ts'

export type CheckedFile = { fileName: string; contentType: string; content: Buffer }
export type FileProblem = { index: number; message: string }

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

/** The type a file really is, from its first bytes; null when it is not one we accept (docs/product.md §5). */
async function acceptedType(name: string, content: Buffer): Promise<string | null> {
  const detected = await fileTypeFromBuffer(content)
  const extension = name.toLowerCase().split('.').at(-1) ?? ''
  if (detected) {
    // SVG is text with scripts in it, so it is not detected as an image and not accepted.
    if (detected.mime.startsWith('image/')) return detected.mime
    if (detected.mime === 'application/pdf') return detected.mime
    if (detected.mime === DOCX) return detected.mime
    // Word 97-2003 files are OLE compound files; other compound files (.msi, .xls) are refused by name.
    if (detected.mime === 'application/x-cfb' && extension === 'doc') return 'application/msword'
    return null
  }
  // Plain text has no magic bytes: accept .txt that is valid UTF-8 without control characters.
  if (extension !== 'txt') return null
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a text file with control characters is not plain text
  if (text.includes('\uFFFD') || /[\u0000-\u0008\u000E-\u001F]/.test(text)) return null
  return 'text/plain; charset=utf-8'
}

/** Decodes the data URLs of a request and checks each file by content, not by its name or declared type. */
export async function checkAttachments(
  files: { name: string; dataUrl: string }[],
): Promise<{ ok: true; files: CheckedFile[] } | { ok: false; problem: FileProblem }> {
  const checked: CheckedFile[] = []
  for (const [index, file] of files.entries()) {
    // Each 5 MB file takes milliseconds to decode and check: one per turn of the event loop, not all three at once.
    await new Promise<void>((resolve) => setImmediate(resolve))
    const payload = file.dataUrl.slice(file.dataUrl.indexOf(',') + 1)
    const content = Buffer.from(payload, 'base64')
    // Node decodes leniently; a round trip proves the payload was strict base64.
    if (content.toString('base64') !== payload || content.length === 0) return { ok: false, problem: { index, message: fileNotReadable(file.name) } }
    if (content.length > MAX_ATTACHMENT_BYTES) return { ok: false, problem: { index, message: fileTooBig(file.name) } }
    const contentType = await acceptedType(file.name, content)
    if (!contentType) return { ok: false, problem: { index, message: fileTypeNotAllowed(file.name) } }
    checked.push({ fileName: file.name, contentType, content })
  }
  return { ok: true, files: checked }
}
