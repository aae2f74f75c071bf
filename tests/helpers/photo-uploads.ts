// Portfolio photos sent as a browser sends them, and as a client that never stops sending: for the office's and the area's upload routes.
import net from 'node:net'
import sharp from 'sharp'

/** A JPEG as a phone takes it: large, with the camera's make and where it was taken in its EXIF. */
export const photoWithGps = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#b86a3c' } })
    .withExif({
      IFD0: { Make: 'FotoTelefono', Model: 'Modello 7' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 50/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 25/1' },
    })
    .jpeg()
    .toBuffer()

/** Whether an EXIF block points to a GPS directory (tag 0x8825, in either byte order). */
export const hasGpsDirectory = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))))

/** A small PNG, a different one for each `i`. */
export const smallPng = (i: number) =>
  sharp({ create: { width: 40 + i, height: 30, channels: 3, background: { r: i * 20, g: 100, b: 50 } } })
    .png()
    .toBuffer()

export type PhotoForm = { caption?: string; source?: string | null; name?: string }

/** Posts a photo form to `url` as the browser's form does (`x-trpc-source` unless `source` is null). */
export function postPhoto(url: string, cookie: string, file: Blob, { caption = '', source = 'web', name = 'foto.jpg' }: PhotoForm = {}) {
  const body = new FormData()
  body.set('photo', file, name)
  body.set('caption', caption)
  return fetch(url, { method: 'POST', body, headers: { cookie, ...(source ? { 'x-trpc-source': source } : {}) } })
}

export type HugeUpload = { status: number | null; text: string; written: number; reset: boolean }

/**
 * Starts an upload of `megabytes` MB to `url` over a plain socket. With a Content-Length, it waits a second for an answer
 * before sending the body (what a client sending `Expect: 100-continue` does); without one, it streams chunks, a chunk per
 * turn of the event loop, until the server answers or closes the connection. The server closes it rather than read the
 * rest, and a closed socket that is still written to is reset, which may drop the answer: then `reset`, with the bytes written.
 */
export function sendHugeUpload(url: string, cookie: string, { megabytes, declareLength }: { megabytes: number; declareLength: boolean }): Promise<HugeUpload> {
  const total = megabytes * 1024 * 1024
  const chunk = Buffer.alloc(256 * 1024, 0xff)
  const { hostname, port, pathname } = new URL(url)
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname)
    let received = ''
    let written = 0
    const finish = (reset: boolean) => {
      const [head = '', text = ''] = received.split('\r\n\r\n')
      resolve({ status: head ? Number(head.split(' ')[1]) : null, text, written, reset })
      socket.destroy()
    }
    socket.on('data', (data: Buffer) => {
      received += data.toString()
      const [head = '', text] = received.split('\r\n\r\n')
      if (text !== undefined && Buffer.byteLength(text) >= Number(/content-length: (\d+)/i.exec(head)?.[1] ?? Number.NaN)) finish(false)
    })
    socket.on('error', () => finish(true))
    socket.on('close', () => finish(false))
    const head = [
      `POST ${pathname} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Cookie: ${cookie}`,
      'X-Trpc-Source: web',
      'Content-Type: multipart/form-data; boundary=x',
      declareLength ? `Content-Length: ${total}` : 'Transfer-Encoding: chunked',
    ]
    socket.write(`${head.join('\r\n')}\r\n\r\n`)
    const writeMore = () => {
      if (received || socket.destroyed) return
      if (written >= total) return void socket.end(declareLength ? '' : '0\r\n\r\n')
      written += chunk.length
      const data = declareLength ? chunk : Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])
      if (socket.write(data)) setImmediate(writeMore)
      else socket.once('drain', () => setImmediate(writeMore))
    }
    socket.once('connect', () => (declareLength ? setTimeout(writeMore, 1000) : writeMore()))
  })
}
