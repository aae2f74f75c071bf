import http from 'node:http'
import type { RunningServer } from './server.ts'

export type Answer = {
  status: number
  retryAfter: string | null
  cookie: string | null
  body: { result?: { data: unknown }; error?: { message: string; data?: { code: string } } }
}

/** One tRPC mutation over node:http, from a chosen loopback address (the server sees it as the client's address). */
export function call(
  server: RunningServer,
  procedure: string,
  input: unknown,
  { from = '127.0.0.1', cookie, agent }: { from?: string; cookie?: string; agent?: http.Agent } = {},
): Promise<Answer> {
  const payload = JSON.stringify(input)
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        ...(agent ? { agent } : { agent: false, localAddress: from }),
        method: 'POST',
        path: `/trpc/${procedure}`,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), 'x-trpc-source': 'test', ...(cookie ? { cookie } : {}) },
      },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => {
          const setCookie = (response.headers['set-cookie'] ?? []).find((c) => /^(__Host-)?session=[^;]/.test(c))
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: (response.headers['retry-after'] as string | undefined) ?? null,
            cookie: setCookie ? setCookie.split(';')[0]! : null,
            // Answers from outside tRPC (a refused path or body) are not JSON: kept as their text.
            body: (text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : { error: { message: text } }) as Answer['body'],
          })
        })
      },
    )
    request.on('error', reject)
    request.end(payload)
  })
}

export const data = (answer: Answer) => answer.body.result?.data
export const message = (answer: Answer) => answer.body.error?.message
