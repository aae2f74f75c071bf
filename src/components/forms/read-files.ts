import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS } from '#shared/attachments.ts'

export type PickedFiles =
  | { ok: true; files: { name: string; dataUrl: string; size: number }[] }
  | { ok: false; reason: 'too-many' }
  | { ok: false; reason: 'too-big'; file: string }

/** Checks a selection against docs/product.md §5 (3 files, 5 MB each), then reads it as data URLs. */
export async function readPickedFiles(list: FileList | null): Promise<PickedFiles> {
  const files = list ? Array.from(list) : []
  if (files.length > MAX_ATTACHMENTS) return { ok: false, reason: 'too-many' }
  const big = files.find((file) => file.size > MAX_ATTACHMENT_BYTES)
  if (big) return { ok: false, reason: 'too-big', file: big.name }
  const read = await Promise.all(
    files.map(
      (file) =>
        new Promise<{ name: string; dataUrl: string; size: number }>((resolve, reject) => {
          const reader = new FileReader()
          reader.onload = () => resolve({ name: file.name, dataUrl: String(reader.result), size: file.size })
          reader.onerror = () => reject(reader.error ?? new Error('file read failed'))
          reader.readAsDataURL(file)
        }),
    ),
  )
  return { ok: true, files: read }
}
