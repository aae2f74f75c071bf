import { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'

/** The headers every response carries; a page's Content-Security-Policy is its own (ssr/csp.ts). */
export function securityHeaders(publicUrl: string) {
  return secureHeaders({
    contentSecurityPolicy: undefined,
    strictTransportSecurity: publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: 'same-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
  })
}

/** The same headers as name and value pairs, for answers written without Hono: taken from the middleware itself, once. */
export async function securityHeaderList(publicUrl: string): Promise<[string, string][]> {
  const probe = new Hono().use(securityHeaders(publicUrl)).get('/', (c) => c.body(null, 204))
  const response = await probe.request('/')
  return [...response.headers]
}
