import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
import { chooseEncoding, type Encoding } from './accept-encoding.ts'
import type { AppEnv } from './app-env.ts'
import { bytesOf } from './bytes.ts'

const types: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json',
}

export type StaticFile = { body: Buffer; brotli?: Buffer; gzip?: Buffer; type: string; etag: string; cacheControl: string }

/** Loads the built client (a few hundred KB) into memory with the compressed copies made at build time. */
export function loadStaticFiles(root: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>()
  if (!fs.existsSync(root)) return files
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const urlPath = `/${path.relative(root, full).split(path.sep).join('/')}`
        const body = fs.readFileSync(full)
        const read = (suffix: string) => (fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : undefined)
        files.set(urlPath, {
          body,
          brotli: read('.br'),
          gzip: read('.gz'),
          type: types[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
          // Hashed build output never changes under the same name.
          cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        })
      }
    }
  }
  walk(root)
  return files
}

/** The coding to send a file in, among the copies the build made of it (accept-encoding.ts). */
export function staticEncoding(file: StaticFile, acceptEncoding: string | undefined): Encoding | undefined {
  return chooseEncoding(acceptEncoding, { br: file.brotli !== undefined, gzip: file.gzip !== undefined })
}

/** A file in one coding, with its headers. */
export function staticVariant(file: StaticFile, encoding: Encoding | undefined): { body: Buffer; headers: Headers } {
  const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: file.etag, Vary: 'Accept-Encoding' })
  if (encoding) headers.set('Content-Encoding', encoding)
  return { body: encoding === 'br' ? file.brotli! : encoding === 'gzip' ? file.gzip! : file.body, headers }
}

/** Answers GET and HEAD for a file of the build, in the best encoding the client accepts; any other path goes on. */
export function serveStaticFiles(files: Map<string, StaticFile>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const file = files.get(c.get('path'))
    if (!file) return next()
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, { ETag: file.etag })
    const { body, headers } = staticVariant(file, staticEncoding(file, c.req.header('accept-encoding')))
    return c.body(bytesOf(body), 200, Object.fromEntries(headers))
  }
}
