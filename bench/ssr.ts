// npm run bench:ssr: throughput of cached pages, /healthz and a hashed asset against nginx serving the same bytes (one worker,
// the target, and one per core), in the same run; the cost of counting visits (the same server with VISIT_COUNTING=off, alternately); the cold render
// time of pages; cold start and memory. The server runs on a database with 400 public craftsmen and 50,000 reviews
// (bench/lib/public-profiles.ts): the landing pages show their craftsmen blocks, and a profile page is measured too.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { checkCode } from '#shared/catalog/index.ts'
import { startServer } from '#tests/helpers/server.ts'
import { loadAverage } from './lib/machine.ts'
import { startNginx } from './lib/nginx.ts'
import { publicProfilePages, publicProfilesDatabase } from './lib/public-profiles.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 10)
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32)
/** The server logs every request at info, as in production; its lines go to /dev/null, not through this process. */
const logLevel = process.env.BENCH_LOG_LEVEL ?? 'info'
/** What each target must reach, as a fraction of the requests per second of nginx with one worker (issue 34). */
const TARGET_RATIO = 0.75
/** The slowest percent of uncached renders of a public page, with the craftsmen blocks and profiles (issue 29). */
const COLD_RENDER_P99_MS = 10

function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)![1]) / 1024
}

/** wrk, from Debian, installed the first time: a C client leaves more of the two cores to the servers than autocannon. */
function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return
  if (spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], { stdio: 'inherit' }).status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit' })
    if (spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'wrk'], { stdio: 'inherit' }).status !== 0) throw new Error('could not install wrk')
  }
}

// wrk's own summary, as one JSON line: latencies in microseconds.
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"p99":%d,"errors":%d,"non2xx":%d}\\n',
    summary.requests, summary.duration, latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`

// Every request a new visitor: its own address (X-Forwarded-For from the trusted loopback proxy), a common browser.
const WRK_NEW_VISITORS = `${WRK_REPORT}
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, { ["X-Forwarded-For"] = "10." .. (math.floor(n / 65536) % 256) .. "." .. (math.floor(n / 256) % 256) .. "." .. (n % 256), ["Accept-Encoding"] = "gzip", ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36" })
end
`
// A flood: every request a user agent never seen, each judged bot or not and remembered.
const WRK_NEW_AGENTS = `${WRK_REPORT}
local n = 0
request = function()
  n = n + 1
  return wrk.format(nil, nil, { ["User-Agent"] = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 v" .. n, ["Accept-Encoding"] = "gzip" })
end
`
/** A browser's user agent: visits are counted only for browsers. */
const BROWSER = 'User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

type Load = { rps: number; p99: number; errors: number }

/** One thread, `connections` kept-alive connections, for `seconds`; gzip accepted, as nginx serves it; a browser's user agent. */
function load(url: string, script = wrkScript): Load {
  const result = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '-H', 'Accept-Encoding: gzip', '-H', BROWSER, '-s', script, url], {
    encoding: 'utf8',
  })
  const line = result.stdout.split('\n').find((text) => text.startsWith('{"requests"'))
  if (!line) throw new Error(`wrk failed on ${url}:\n${result.stdout}\n${result.stderr}`)
  const report = JSON.parse(line) as { requests: number; us: number; p99: number; errors: number; non2xx: number }
  return { rps: report.requests / (report.us / 1e6), p99: report.p99 / 1000, errors: report.errors + report.non2xx }
}

type RawAnswer = { status: number; headers: string[]; body: Buffer }

/** A response's bytes as they travel: not decompressed, unlike fetch's; its headers as name, value, name, value. */
function rawGet(url: string, acceptEncoding: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.rawHeaders, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })
}

/** Writes what the server answers at `urlPath`, plain and gzip, under `file` in nginx's root; returns the gzip answer. */
async function mirror(serverUrl: string, urlPath: string, root: string, file: string): Promise<RawAnswer> {
  const plain = await rawGet(serverUrl + urlPath, 'identity')
  const gzip = await rawGet(serverUrl + urlPath, 'gzip')
  if (plain.status !== 200 || gzip.status !== 200) throw new Error(`${urlPath} answered ${plain.status}, ${gzip.status}`)
  const target = path.join(root, file)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.writeFileSync(target, plain.body)
  // Bodies under a kilobyte are sent as they are (page-cache.ts): nginx then serves the plain file too.
  if (gzip.headers.some((value, i) => i % 2 === 0 && value.toLowerCase() === 'content-encoding')) fs.writeFileSync(`${target}.gz`, gzip.body)
  return gzip
}

// Node's own limit: node:http writing each answer's very headers and bytes from memory, nothing else per request.
const NODE_CEILING = `
const http = require('node:http')
const answers = new Map(JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8')).map(([path, headers, body]) => [path, [headers, Buffer.from(body, 'base64')]]))
const server = http.createServer((req, res) => {
  const [headers, body] = answers.get(req.url)
  res.writeHead(200, headers)
  res.end(body)
})
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
`

/** The ceiling server, answering each path as the server did; stopped with the returned function. */
async function startNodeCeiling(answers: [path: string, answer: RawAnswer][], dir: string): Promise<{ url: string; stop: () => void }> {
  const skip = new Set(['date', 'connection', 'keep-alive'])
  const table = answers.map(([urlPath, { headers, body }]) => {
    const kept: string[] = []
    for (let i = 0; i < headers.length; i += 2) if (!skip.has(headers[i]!.toLowerCase())) kept.push(headers[i]!, headers[i + 1]!)
    return [urlPath, kept, body.toString('base64')]
  })
  const file = path.join(dir, 'node-ceiling.json')
  fs.writeFileSync(file, JSON.stringify(table))
  const child = spawn(process.execPath, ['-e', NODE_CEILING, file], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<string>((resolve) => child.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())))
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill() }
}

ensureWrk()
const profilesDatabase = publicProfilesDatabase()
const profilePages = publicProfilePages(profilesDatabase)
const spawnedAt = performance.now()
const server = await startServer({ LOG_LEVEL: logLevel, DATABASE_PATH: profilesDatabase }, { prelude: 'exec >/dev/null' })
const coldStartMs = performance.now() - spawnedAt
// nginx's root, the ceiling's answers and wrk's script.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ssr-'))
const root = path.join(scratch, 'static')
const wrkScript = path.join(scratch, 'report.lua')
fs.writeFileSync(wrkScript, WRK_REPORT)
const newVisitorsScript = path.join(scratch, 'new-visitors.lua')
fs.writeFileSync(newVisitorsScript, WRK_NEW_VISITORS)
const newAgentsScript = path.join(scratch, 'new-agents.lua')
fs.writeFileSync(newAgentsScript, WRK_NEW_AGENTS)
/** What counting visits costs a cached page, at most (issue 18). */
const COUNTING_TARGET = 0.05
try {
  const html = await (await fetch(`${server.url}/`)).text()
  const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/)![1]!
  // A service page, a town page and service-in-town pages (one of the profile's trade in a town its craftsman serves),
  // beside the home page, and the profile of the published craftsman with the most reviews.
  const pages = (
    process.env.BENCH_PAGES ?? `/,/elettricista,/milano,/s/idraulico-rho-${checkCode('idraulico', 'rho')},${profilePages.landing},${profilePages.profile}`
  ).split(',')
  for (const page of pages.filter((page) => !page.startsWith('/artigiani/'))) {
    const html = await (await fetch(`${server.url}${page}`)).text()
    const shown = new Set(html.match(/href="\/artigiani\/[^"]+"/g)).size
    console.log(`${page}: ${shown} ${shown === 1 ? 'craftsman' : 'craftsmen'} in its block`)
  }

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

  // The static site: the bytes the server sends for each target, written once and served by nginx with gzip_static.
  const targets = [
    ...pages.map((page) => ({ name: `cached page ${page}`, path: page, file: page === '/' ? 'index.html' : `${page.slice(1)}.html` })),
    { name: '/healthz (nginx: a small static file)', path: '/healthz', file: 'healthz' },
    { name: `hashed asset ${asset}`, path: asset, file: asset.slice(1) },
  ]
  const answers: [string, RawAnswer][] = []
  for (const target of targets) answers.push([target.path, await mirror(server.url, target.path, root, target.file)])
  // nginx with one worker beside the one Node process (the target), and with one per core, as it would be deployed.
  const nginx = await startNginx({ root, workers: 1 })
  const nginxPerCore = await startNginx({ root })
  const ceiling = await startNodeCeiling(answers, scratch)
  try {
    console.log(
      `throughput: wrk -t1 -c${connections} -d${seconds}s, Accept-Encoding: gzip, a browser's user agent (visits counted), server logging at ${logLevel}; ` +
        `nginx with 1 worker and with ${os.availableParallelism()}; node:http ceiling: one process writing the same headers and bytes from memory, nothing else; ` +
        `load average ${loadAverage()}`,
    )
    for (const target of targets) {
      const ours = load(server.url + target.path)
      const theirs = load(nginx.url + target.path)
      const theirsPerCore = load(nginxPerCore.url + target.path)
      const limit = load(ceiling.url + target.path)
      const ratio = ours.rps / theirs.rps
      console.log(
        `${target.name}: ${ours.rps.toFixed(0)} req/s (p99 ${ours.p99.toFixed(1)} ms, errors ${ours.errors}) vs nginx 1 worker ${theirs.rps.toFixed(0)} req/s ` +
          `(p99 ${theirs.p99.toFixed(1)} ms, errors ${theirs.errors}): ${ratio.toFixed(2)}x, target >= ${TARGET_RATIO}x ${ratio >= TARGET_RATIO ? 'met' : 'not met'}; ` +
          `nginx ${os.availableParallelism()} workers ${theirsPerCore.rps.toFixed(0)} req/s (ours ${(ours.rps / theirsPerCore.rps).toFixed(2)}x); ` +
          `node:http ceiling ${limit.rps.toFixed(0)} req/s (${(limit.rps / theirs.rps).toFixed(2)}x nginx 1 worker; ours ${(ours.rps / limit.rps).toFixed(2)}x of it)`,
      )
    }
  } finally {
    ceiling.stop()
    await nginx.stop()
    await nginxPerCore.stop()
  }

  // Counting visits: the same build behind a (loopback) proxy with counting on and with VISIT_COUNTING=off, measured
  // alternately, twice each: one visitor reloading, a new visitor every request, and a flood of new user agents.
  const behindProxy = { LOG_LEVEL: logLevel, TRUST_PROXY: 'loopback' }
  const counted = await startServer(behindProxy, { prelude: 'exec >/dev/null' })
  const uncounted = await startServer({ ...behindProxy, VISIT_COUNTING: 'off' }, { prelude: 'exec >/dev/null' })
  try {
    // Each scenario against the same wrk script on the server that does not count: a Lua script costs wrk itself.
    const scenarios = [
      { name: 'one visitor reloading', script: wrkScript, target: true },
      { name: 'a new visitor every request', script: newVisitorsScript, target: true },
      { name: 'a flood of user agents never seen (not a target: an attack, bounded in memory)', script: newAgentsScript, target: false },
    ]
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    for (const scenario of scenarios) {
      const on: number[] = []
      const off: number[] = []
      for (let round = 0; round < 2; round++) {
        off.push(load(`${uncounted.url}/`, scenario.script).rps)
        on.push(load(`${counted.url}/`, scenario.script).rps)
      }
      const cost = 1 - mean(on) / mean(off)
      console.log(
        `visit counting, cached page /, ${scenario.name}: ${mean(on).toFixed(0)} req/s vs ${mean(off).toFixed(0)} req/s with VISIT_COUNTING=off ` +
          `(runs ${on.map((v) => v.toFixed(0)).join(', ')} vs ${off.map((v) => v.toFixed(0)).join(', ')}): cost ${(cost * 100).toFixed(1)}%` +
          (scenario.target ? `, target < ${COUNTING_TARGET * 100}% ${cost < COUNTING_TARGET ? 'met' : 'not met'}` : ''),
      )
    }
  } finally {
    await counted.stop()
    await uncounted.stop()
  }

  for (const [i, page] of pages.entries()) {
    const { server: rendered, client } = cold[i]!
    console.log(
      `cold render (uncached, ${coldRuns} sequential renders after 10 warm-up) ${page}: server p50 ${rendered.p50.toFixed(1)} ms, p99 ${rendered.p99.toFixed(1)} ms; client p50 ${client.p50.toFixed(1)} ms, p99 ${client.p99.toFixed(1)} ms; ` +
        `target server p99 <= ${COLD_RENDER_P99_MS} ms ${rendered.p99 <= COLD_RENDER_P99_MS ? 'met' : 'not met'}`,
    )
  }

  await autocannon({ url: `${server.url}/`, connections: 10, amount: 10_000 })
  console.log(`cold server start ${coldStartMs.toFixed(0)} ms (spawn to listening)`)
  console.log(`resident memory after 10,000 more requests ${rssMiB(server.process.pid!).toFixed(1)} MiB`)
  console.log(`load average at the end ${loadAverage()}`)
} finally {
  await server.stop()
  fs.rmSync(scratch, { recursive: true, force: true })
}
