// npm run bench:ssr: throughput and p99 of server-rendered pages against a hashed static asset, in the same run.
import fs from 'node:fs'
import http from 'node:http'
import autocannon from 'autocannon'
import { checkCode } from '#shared/catalog/index.ts'
import { startServer } from '#tests/helpers/server.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20)

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024
}

async function load(url: string, options: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'br, gzip' }, ...options })
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx }
}

const spawnedAt = performance.now()
const server = await startServer({ LOG_LEVEL: 'warn' })
const coldStartMs = performance.now() - spawnedAt
try {
  const html = await (await fetch(`${server.url}/`)).text()
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)![1]!
  // A service page, a town page and a service-in-town page, beside the home page.
  const pages = (process.env.BENCH_PAGES ?? `/,/elettricista,/milano,/s/idraulico-rho-${checkCode('idraulico', 'rho')}`).split(',')

  // Cold render: an unknown query parameter bypasses the page cache, so every request renders; 200 per page for a p99.
  const coldRuns = Number(process.env.BENCH_COLD_RUNS ?? 200)
  // Measured twice: by the server (its Server-Timing header: routing, loaders, React, serialization, CSP) and by this
  // client, which adds HTTP on loopback and shares the machine's cores with the server. The client is node:http on one
  // kept-alive socket: fetch (undici) adds several milliseconds of its own to the slowest percent.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const timedGet = (url: string) =>
    new Promise<{ ms: number; serverTiming: string | undefined }>((resolve, reject) => {
      const started = performance.now()
      http
        .get(url, { agent }, (response) => {
          response.resume()
          response.on('end', () => resolve({ ms: performance.now() - started, serverTiming: response.headers['server-timing'] as string | undefined }))
        })
        .on('error', reject)
    })
  const percentiles = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    return { p50: sorted[Math.floor(sorted.length * 0.5)]!, p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]! }
  }
  const cold: { server: { p50: number; p99: number }; client: { p50: number; p99: number } }[] = []
  for (const page of pages) {
    const client: number[] = []
    const rendered: number[] = []
    for (let run = 0; run < coldRuns + 10; run++) {
      const { ms, serverTiming } = await timedGet(`${server.url}${page}?cold=${run}`)
      if (run < 10) continue
      client.push(ms)
      rendered.push(Number(serverTiming?.match(/render;dur=([\d.]+)/)?.[1] ?? Number.NaN))
    }
    cold.push({ server: percentiles(rendered), client: percentiles(client) })
  }

  const staticResult = await load(`${server.url}${asset}`)
  console.log(`static ${asset}: ${staticResult.rps.toFixed(0)} req/s, p99 ${staticResult.p99} ms, errors ${staticResult.errors}`)
  for (const page of pages) {
    const result = await load(`${server.url}${page}`)
    console.log(
      `SSR ${page}: ${result.rps.toFixed(0)} req/s, p99 ${result.p99} ms, errors ${result.errors}, ratio SSR/static ${(result.rps / staticResult.rps).toFixed(2)}`,
    )
  }
  for (const [i, page] of pages.entries()) {
    const { server: rendered, client } = cold[i]!
    console.log(
      `cold render (uncached, ${coldRuns} sequential renders after 10 warm-up) ${page}: server p50 ${rendered.p50.toFixed(1)} ms, p99 ${rendered.p99.toFixed(1)} ms; client p50 ${client.p50.toFixed(1)} ms, p99 ${client.p99.toFixed(1)} ms`,
    )
  }

  await autocannon({ url: `${server.url}/`, connections: 10, amount: 10_000 })
  console.log(`cold server start ${coldStartMs.toFixed(0)} ms (spawn to listening)`)
  console.log(`resident memory after 10,000 more requests ${rssMiB(server.process.pid!).toFixed(1)} MiB`)
} finally {
  await server.stop()
}
