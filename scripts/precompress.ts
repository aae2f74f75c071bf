// Writes .br and .gz copies of the built client's text assets, so the server never compresses them at run time.
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(process.argv[2] ?? 'dist/client')
let count = 0
const walk = (dir: string) => {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) walk(full)
    else if (/\.(js|css|svg|txt|json|webmanifest|html)$/.test(entry.name)) {
      const body = fs.readFileSync(full)
      if (body.length < 1024) continue
      fs.writeFileSync(`${full}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
      fs.writeFileSync(`${full}.gz`, gzipSync(body, { level: 9 }))
      count++
    }
  }
}
walk(root)
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root)}`)
