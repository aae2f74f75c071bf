import { MAX_PHOTO_UPLOAD_BYTES } from '#shared/reviews.ts'
import { PHOTO_TOO_BIG } from '#shared/schemas/artisan-profile.ts'

/**
 * Sends a portfolio photo to an upload route (the office's or the area's) as multipart/form-data, with the header a
 * cross-site form cannot send; throws the server's Italian message when it refuses it. A file too large for any route
 * is refused here first, without sending it.
 */
export async function uploadPortfolioPhoto(url: string, file: File, caption: string): Promise<void> {
  if (file.size > MAX_PHOTO_UPLOAD_BYTES) throw new Error(PHOTO_TOO_BIG)
  const body = new FormData()
  body.set('photo', file)
  body.set('caption', caption)
  let response: Response
  try {
    response = await fetch(url, { method: 'POST', body, headers: { 'x-trpc-source': 'web' } })
  } catch {
    throw new Error('Connessione non riuscita: controlla la rete e riprova.')
  }
  if (!response.ok) {
    const text = response.headers.get('content-type')?.startsWith('text/plain') ? await response.text() : ''
    throw new Error(text || 'Caricamento non riuscito: riprova tra poco.')
  }
}
