import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
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

/** Answers GET and HEAD for a file of the build, in the best encoding the client accepts; any other path goes on. */
export function serveStaticFiles(files: Map<string, StaticFile>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const file = files.get(c.get('path'))
    if (!file) return next()
    if (c.req.header('if-none-match') === file.etag) return c.body(null, 304)
    const accept = c.req.header('accept-encoding') ?? ''
    const [body, encoding] =
      file.brotli && /\bbr\b/.test(accept) ? [file.brotli, 'br'] : file.gzip && /\bgzip\b/.test(accept) ? [file.gzip, 'gzip'] : [file.body, undefined]
    c.header('Content-Type', file.type)
    c.header('Cache-Control', file.cacheControl)
    c.header('ETag', file.etag)
    c.header('Vary', 'Accept-Encoding')
    if (encoding) c.header('Content-Encoding', encoding)
    return c.body(bytesOf(body))
  }
}
