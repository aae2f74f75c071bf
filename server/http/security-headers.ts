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
