import { createHash } from 'node:crypto'
import { fileTypeFromBuffer } from 'file-type'
import sharp, { type Metadata } from 'sharp'
import { PHOTO_HEIC, PHOTO_NOT_AN_IMAGE, PHOTO_TOO_MANY_PIXELS, PHOTO_UNREADABLE } from '#shared/schemas/artisan-profile.ts'

/** The longest side of a stored portfolio photo: sharp enough for a full-width view on a large screen. */
export const PHOTO_MAX_SIDE = 1600
/** Larger images are refused before they are decoded (a small file can declare a huge canvas). */
const MAX_INPUT_PIXELS = 50_000_000
/** Photos resized at once; the others wait their turn, so uploads never take more than these threads from pages. */
const CONCURRENT_RESIZES = 1
/** Uploads waiting beyond this are asked to retry rather than held in memory. */
const MAX_WAITING = 8

/** The types a portfolio takes, as sniffed from the bytes (never the name or the browser's type). */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif'])

export type ProcessedPhoto = { contentType: 'image/webp'; width: number; height: number; digest: string; content: Buffer }
export type PhotoRefusal = { refused: string }

// Uploads are rare and never repeat an operation: libvips' cache of recent operations (up to 50 MB outside the heap) only holds memory.
sharp.cache(false)

let running = 0
const waiting: Array<() => void> = []

export class PhotoQueueFull extends Error {}

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_RESIZES) {
    if (waiting.length >= MAX_WAITING) throw new PhotoQueueFull('portfolio photo queue full')
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/**
 * A portfolio photo as stored: sniffed by content, turned upright by its EXIF orientation, at most PHOTO_MAX_SIDE pixels
 * on its longest side, re-encoded as WebP with no metadata at all (sharp writes none unless asked: GPS, camera, EXIF and
 * XMP are gone). The resize runs on libuv's threads, one photo at a time (CONCURRENT_RESIZES).
 */
export async function processPortfolioPhoto(input: Buffer): Promise<ProcessedPhoto | PhotoRefusal> {
  const sniffed = await fileTypeFromBuffer(input)
  if (sniffed?.mime === 'image/heic' || sniffed?.mime === 'image/heif') return { refused: PHOTO_HEIC }
  if (!sniffed || !ACCEPTED.has(sniffed.mime)) return { refused: PHOTO_NOT_AN_IMAGE }
  return inTurn(async () => {
    let metadata: Metadata
    try {
      metadata = await sharp(input).metadata()
    } catch {
      return { refused: PHOTO_UNREADABLE }
    }
    if (!metadata.width || !metadata.height) return { refused: PHOTO_UNREADABLE }
    if (metadata.width * metadata.height > MAX_INPUT_PIXELS) return { refused: PHOTO_TOO_MANY_PIXELS }
    try {
      const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
      return {
        contentType: 'image/webp',
        width: info.width,
        height: info.height,
        digest: createHash('sha256').update(data).digest('base64url'),
        content: data,
      }
    } catch {
      return { refused: PHOTO_UNREADABLE }
    }
  })
}
