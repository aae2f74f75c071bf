// npm run bench:abuse: against the build (BUILD_DIR), 4 clients send adversarial requests while 16 send normal quotes;
// normal-quote latency, the server's event-loop delay (its own once-a-second reports) and its resident memory, each
// against its target. Then, on a server of its own behind a trusted proxy, the floods aimed at the Statistiche screen
// (one address with a new user agent and a junk campaign per request, one with unique 15 KB user agents) while a few
// real visitors browse: event-loop delay, memory, and whether the real visitors are all counted. Last, on a third server,
// the fuzz workload of tests/security/fuzz.test.ts (FUZZ_SEED), one request at a time: the event loop's worst second and
// the time of the largest quote bodies, against their targets.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import { bodyLimitFor } from '#server/http/body-limit.ts'
import { services } from '#shared/catalog/index.ts'
import { readRows } from '#tests/helpers/database.ts'
import { checkAll, FUZZ_SEED, fuzzProperties, largestQuotes, rawSender, trpcHeaders, validSamples, warmUp } from '#tests/helpers/fuzz.ts'
import { publicClient, solveCaptcha, validContact, validQuote } from '#tests/helpers/requests.ts'
import { startServer } from '#tests/helpers/server.ts'

const seconds = Number(process.env.BENCH_SECONDS ?? 30)
const NORMAL_CLIENTS = Number(process.env.BENCH_NORMAL_CLIENTS ?? 16)
const ADVERSARIAL_CLIENTS = Number(process.env.BENCH_ADVERSARIAL_CLIENTS ?? 4)
const TARGETS = { quoteP99Ms: 100, eventLoopMaxMs: 50, rssMB: 300 }

const server = await startServer({
  EVENT_LOOP_LOG_SECONDS: '1',
  RATE_LIMIT_MAX: '100000000',
  // The browser's proof of work made trivial: the figures are the server's, and each challenge still costs it one derivation.
  PROOF_OF_WORK_DIFFICULTY: '2',
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
})
const pid = server.process.pid!
const port = server.port

function rssMB(of = pid): number {
  const status = fs.readFileSync(`/proc/${of}/status`, 'utf8')
  return (Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024) / 1e6
}

type Sent = { status: number; ms: number }

/** One request on its own connection; a connection the server closes on a refused body counts as that refusal. */
function send(method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Sent> {
  const started = performance.now()
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }))
      response.on('error', () => resolve({ status: response.statusCode ?? 0, ms: performance.now() - started }))
    })
    request.on('error', () => resolve({ status: -1, ms: performance.now() - started }))
    request.end(body)
  })
}

/** 200 MB sent in 1 MiB chunks without a length, as a slow upload would: the server must refuse it before holding it. */
function stream200MB(path: string): Promise<Sent> {
  const started = performance.now()
  const chunk = Buffer.alloc(1024 * 1024, 0x61)
  return new Promise((resolve) => {
    let done = false
    const finish = (status: number) => {
      if (done) return
      done = true
      request.destroy()
      resolve({ status, ms: performance.now() - started })
    }
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        agent: false,
        headers: { 'content-type': 'application/json', 'x-trpc-source': 'bench', 'transfer-encoding': 'chunked' },
      },
      (response) => {
        response.resume()
        finish(response.statusCode ?? 0)
      },
    )
    request.on('error', () => finish(-1))
    let sent = 0
    const write = () => {
      while (!done && sent < 200) {
        sent++
        if (!request.write(chunk)) return void request.once('drain', write)
      }
      if (!done) request.end()
    }
    write()
  })
}

const trpc = { 'content-type': 'application/json', 'x-trpc-source': 'bench' }
const quoteLimit = bodyLimitFor('/trpc/requests.quote')
const contactLimit = bodyLimitFor('/trpc/requests.contact')
/** The longest run of `unit` that, with the rest of a valid form, still fits under the route's body limit. */
const longest = (limit: number, unit: string) => unit.repeat(Math.floor((limit - 4096) / (Buffer.byteLength(JSON.stringify(unit)) - 2)))

// Built once: the clients' own work must not slow down what they measure.
const attacks: { name: string; run: () => Promise<Sent> }[] = [
  ...['a', '\t', 'é', '\ud800', 'a@'].map((unit) => {
    const body = Buffer.from(JSON.stringify({ ...validContact(), message: longest(contactLimit, unit) }))
    return {
      name: `contact with a ${JSON.stringify(unit)} x ${Math.round(body.length / 1024)} KiB message`,
      run: () => send('POST', '/trpc/requests.contact', body, trpc),
    }
  }),
  (() => {
    const levels = Math.floor((contactLimit - 100) / 2)
    const body = Buffer.from(`${'['.repeat(levels)}${']'.repeat(levels)}`)
    return { name: `JSON nested ${levels} levels deep`, run: () => send('POST', '/trpc/requests.contact', body, trpc) }
  })(),
  { name: '200 MB streamed to requests.quote', run: () => stream200MB('/trpc/requests.quote') },
  { name: '200 MB streamed to requests.contact', run: () => stream200MB('/trpc/requests.contact') },
  ...['requests.contact', 'admin.auth.signIn'].map((procedure) => {
    const input = procedure === 'admin.auth.signIn' ? { email: 'admin@artigianimilano.it', password: 'una-password-sbagliata' } : validContact()
    const body = Buffer.from(JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [String(i), input]))))
    return { name: `batch of 100 ${procedure}`, run: () => send('POST', `/trpc/${Array(100).fill(procedure).join(',')}?batch=1`, body, trpc) }
  }),
  ...[50_000, 7_000_000].map((length) => {
    const body = Buffer.from(JSON.stringify(validQuote({ attachments: [{ name: 'foto.png', dataUrl: `data:${'a'.repeat(length)}!` }] })))
    return { name: `quote with the data-URL killer, ${length.toLocaleString('en')} characters`, run: () => send('POST', '/trpc/requests.quote', body, trpc) }
  }),
  ...['a', 'é'].map((unit) => {
    const body = Buffer.from(JSON.stringify({ ...validQuote(), description: longest(quoteLimit, unit) }))
    return {
      name: `quote with a ${JSON.stringify(unit)} description of ${Math.round(body.length / 1024 / 1024)} MiB`,
      run: () => send('POST', '/trpc/requests.quote', body, trpc),
    }
  }),
]

/** A Node process beside the server, busy in 1 ms slices: how late the machine alone makes a timer fire. */
function startBaselineProbe() {
  const script = `const h = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 }); h.enable();
const work = () => { const until = performance.now() + 1; while (performance.now() < until); setTimeout(work, 3) }; work();
setInterval(() => { console.log(Math.max(0, h.max / 1e6 - 10)); h.reset() }, 1000)`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'ignore'] })
  const maxima: number[] = []
  child.stdout.on('data', (chunk: Buffer) => maxima.push(...chunk.toString().split('\n').filter(Boolean).map(Number)))
  return { stop: () => child.kill(), maxima }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]
/** The once-a-second event-loop reports a server logged from line `from` on. */
const loopReports = (logs: string[], from: number) =>
  logs
    .slice(from)
    .filter((line) => line.includes('"msg":"event loop delay (ms)"'))
    .map((line) => JSON.parse(line) as { p50: number; p99: number; max: number })

try {
  const client = publicClient(server.url)
  // What a server loads on first use (page modules, prepared statements, JIT) is loaded before the measuring starts.
  for (const path of ['/', '/elettricista', '/milano', '/s/elettricista-milano', '/contattaci', '/area-artigiani', '/admin', '/admin/login', '/admin/leads'])
    await send('GET', path)
  for (let i = 0; i < 20; i++)
    await client.requests.quote.mutate({ ...validQuote({ email: `prova${i}@example.com` }), ...(await solveCaptcha(client)) } as never)
  await sleep(1500)

  console.log(
    `server ${server.url} (BUILD_DIR=${process.env.BUILD_DIR ?? 'dist'}), ${seconds} s: ${NORMAL_CLIENTS} clients sending normal quotes (captcha fetched and solved for each), ${ADVERSARIAL_CLIENTS} sending adversarial requests; ${os.cpus().length} cores, load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]} at the start`,
  )
  console.log(`server RSS before the load: ${rssMB().toFixed(0)} MB`)
  const probe = startBaselineProbe()
  const fromLog = server.logs.length
  const deadline = performance.now() + seconds * 1000
  let peakRss = rssMB()
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMB())
  }, 100)

  const quoteMs: number[] = []
  const quoteFailures: string[] = []
  let quoteNumber = 0
  const normal = Array.from({ length: NORMAL_CLIENTS }, async () => {
    while (performance.now() < deadline) {
      const captcha = await solveCaptcha(client)
      const n = quoteNumber++
      const started = performance.now()
      try {
        await client.requests.quote.mutate({ ...validQuote({ fullName: `Cliente ${n}`, email: `cliente${n}@example.com` }), ...captcha } as never)
        quoteMs.push(performance.now() - started)
      } catch (error) {
        quoteFailures.push((error as Error).message.slice(0, 120))
      }
    }
  })

  const outcomes = new Map<string, { statuses: Map<number, number>; ms: number[] }>()
  let attackNumber = 0
  const adversarial = Array.from({ length: ADVERSARIAL_CLIENTS }, async () => {
    while (performance.now() < deadline) {
      const attack = attacks[attackNumber++ % attacks.length]!
      const { status, ms } = await attack.run()
      const outcome = outcomes.get(attack.name) ?? { statuses: new Map<number, number>(), ms: [] as number[] }
      outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1)
      outcome.ms.push(ms)
      outcomes.set(attack.name, outcome)
    }
  })

  await Promise.all([...normal, ...adversarial])
  clearInterval(sampler)
  await sleep(1200)
  probe.stop()
  const alive = server.process.exitCode === null && (await send('GET', '/healthz')).status === 200

  const reports = loopReports(server.logs, fromLog)
  const loopP99 = Math.max(...reports.map((report) => report.p99))
  const loopMax = Math.max(...reports.map((report) => report.max))
  const quoteP50 = percentile(quoteMs, 50)
  const quoteP99 = percentile(quoteMs, 99)

  console.log('\nadversarial requests (status x count, p50 / max ms):')
  for (const attack of attacks) {
    const outcome = outcomes.get(attack.name)
    if (!outcome) continue
    const statuses = [...outcome.statuses].map(([status, count]) => `${status === -1 ? 'connection closed' : status} x ${count}`).join(', ')
    console.log(`  ${attack.name}: ${statuses}; ${percentile(outcome.ms, 50).toFixed(0)} / ${Math.max(...outcome.ms).toFixed(0)} ms`)
  }
  const met = (ok: boolean) => (ok ? 'met' : 'not met')
  console.log(
    `\nnormal quotes: ${quoteMs.length} stored, ${quoteFailures.length} refused${quoteFailures.length ? ` (${[...new Set(quoteFailures)].slice(0, 3).join('; ')})` : ''}`,
  )
  console.log(
    `  latency p50 ${quoteP50.toFixed(1)} ms, p99 ${quoteP99.toFixed(1)} ms (target p99 <= ${TARGETS.quoteP99Ms} ms: ${met(quoteP99 <= TARGETS.quoteP99Ms)})`,
  )
  console.log(
    `event-loop delay over ${reports.length} one-second reports: p99 ${loopP99.toFixed(1)} ms (the worst second's), max ${loopMax.toFixed(1)} ms (target max <= ${TARGETS.eventLoopMaxMs} ms: ${met(loopMax <= TARGETS.eventLoopMaxMs)})`,
  )
  console.log(`  per second, max: ${reports.map((report) => report.max).join(' ')}`)
  console.log(
    `  a busy process beside it saw a max of ${Math.max(...probe.maxima).toFixed(1)} ms (the machine's own delay: load average ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]} at the end)`,
  )
  console.log(`server peak RSS ${peakRss.toFixed(0)} MB (sampled every 100 ms; target < ${TARGETS.rssMB} MB: ${met(peakRss < TARGETS.rssMB)})`)
  console.log(`server still up and healthy: ${alive ? 'yes' : 'NO'}`)
} finally {
  await server.stop()
}

// The Statistiche floods. Targets: the event loop as above, and memory well under the 160 MB heap's process.
const FLOOD_TARGETS = { eventLoopMaxMs: 50, rssMB: 200 }
const floodSeconds = Number(process.env.BENCH_FLOOD_SECONDS ?? 20)
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const PADDING = 'x'.repeat(15 * 1024 - CHROME.length - 8)
const REAL_ADDRESSES = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']
const PEOPLE_PER_ADDRESS = 3
const REAL_PAGES = services.map((service) => `/${service.id}?utm_source=newsletter&utm_campaign=bench`)
const floods = await startServer({
  EVENT_LOOP_LOG_SECONDS: '1',
  TRUST_PROXY: '127.0.0.1',
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
})
try {
  const floodPid = floods.process.pid!
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })
  const visit = (path: string, headers: Record<string, string>) =>
    new Promise<number>((resolve) => {
      http
        .get({ host: '127.0.0.1', port: floods.port, path, agent, headers }, (response) => {
          response.resume()
          response.on('end', () => resolve(response.statusCode ?? 0))
        })
        .on('error', () => resolve(-1))
    })
  for (const path of ['/', '/elettricista', ...REAL_PAGES]) await visit(path.split('?')[0]!, { 'user-agent': 'curl/8' })
  await sleep(1500)
  console.log(
    `\nStatistiche floods on ${floods.url}, ${floodSeconds} s: 2 clients from one address with a new user agent and junk campaign per request, 2 from another with unique 15 KB user agents, ${REAL_ADDRESSES.length * PEOPLE_PER_ADDRESS} real visitors from ${REAL_ADDRESSES.length} addresses; load average ${loadAverage()} at the start`,
  )
  const before = rssMB(floodPid)
  let peak = before
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMB(floodPid))
  }, 100)
  const fromLog = floods.logs.length
  const deadline = performance.now() + floodSeconds * 1000
  const sent = { junk: 0, userAgents: 0, real: 0 }
  const junk = Array.from({ length: 2 }, async () => {
    while (performance.now() < deadline) {
      const n = sent.junk++
      await visit(`/?utm_source=spazzatura-${n}&utm_campaign=${n}`, { 'user-agent': `${CHROME} falso-${n}`, 'x-forwarded-for': '203.0.113.66' })
    }
  })
  const userAgents = Array.from({ length: 2 }, async () => {
    while (performance.now() < deadline) {
      const n = sent.userAgents++
      await visit('/elettricista', { 'user-agent': `${CHROME} ${String(n).padStart(7, '0')}${PADDING}`, 'x-forwarded-for': '203.0.113.15' })
    }
  })
  // Each person reads the 29 service pages from the campaign, one every half second or so, spread over the run.
  const pause = Math.max(50, (floodSeconds * 1000 * 0.8) / REAL_PAGES.length)
  const real = REAL_ADDRESSES.flatMap((address, a) =>
    Array.from({ length: PEOPLE_PER_ADDRESS }, async (_, p) => {
      for (const page of REAL_PAGES) {
        if ((await visit(page, { 'user-agent': `${CHROME} persona-${a}-${p}`, 'x-forwarded-for': address })) === 200) sent.real++
        await sleep(pause)
      }
    }),
  )
  await Promise.all([...junk, ...userAgents, ...real])
  clearInterval(sampler)
  await sleep(1200)
  const reports = loopReports(floods.logs, fromLog)
  const loopMax = Math.max(...reports.map((report) => report.max))
  const after = rssMB(floodPid)
  agent.destroy()
  // Stopped first: the counts are written at shutdown.
  floods.process.kill('SIGTERM')
  await new Promise((resolve) => floods.process.once('exit', resolve))
  const bySource = new Map(
    readRows<{ source: string; visits: number }>(floods.databasePath, 'select source, sum(visits) as visits from page_visits group by source').map((row) => [
      row.source,
      row.visits,
    ]),
  )
  const [day] = readRows<{ visits: number; uncounted: number }>(
    floods.databasePath,
    'select sum(visits) as visits, sum(uncounted) as uncounted from visit_days',
  )
  const realCounted = bySource.get('newsletter / bench') ?? 0
  const met = (ok: boolean) => (ok ? 'met' : 'not met')
  console.log(`  sent: ${sent.junk} junk-campaign requests, ${sent.userAgents} with 15 KB user agents, ${sent.real} real visits`)
  console.log(
    `  counted: ${day?.visits ?? 0} visits (${realCounted} of the ${sent.real} real ones under their campaign: ${met(realCounted === sent.real)}), ${day?.uncounted ?? 0} requests left uncounted as suspicious; sources listed: ${[...bySource.keys()].join(', ')}`,
  )
  console.log(
    `  event-loop delay over ${reports.length} one-second reports: max ${loopMax.toFixed(1)} ms (target <= ${FLOOD_TARGETS.eventLoopMaxMs} ms: ${met(loopMax <= FLOOD_TARGETS.eventLoopMaxMs)}); per second: ${reports.map((report) => report.max).join(' ')}`,
  )
  console.log(
    `  server RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB, ${after.toFixed(0)} MB after (target peak < ${FLOOD_TARGETS.rssMB} MB: ${met(peak < FLOOD_TARGETS.rssMB)}); load average ${loadAverage()} at the end`,
  )
} finally {
  await floods.stop()
}

// The fuzz workload. Targets: no request holds the event loop over 50 ms, and the largest quote bodies are answered
// within 5 s each (linear-time validation: the former data-URL pattern took hours on one of them).
const FUZZ_TARGETS = { eventLoopMaxMs: 50, largestBodyMs: 5000 }
const fuzzed = await startServer({
  EVENT_LOOP_LOG_SECONDS: '1',
  RATE_LIMIT_MAX: '1000000',
  LOGIN_MAX_FAILURES_PER_IP: '1000000',
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
})
try {
  let requests = 0
  const slowest: { ms: number; request: string }[] = []
  const send = rawSender(fuzzed, (ms, method, path, body) => {
    requests++
    if (slowest.length >= 5 && ms <= slowest.at(-1)!.ms) return
    slowest.push({ ms: Math.round(ms), request: `${method} ${path.slice(0, 60)} (${body === undefined ? 0 : Buffer.byteLength(body)} bytes)` })
    slowest.sort((a, b) => b.ms - a.ms).splice(5)
  })
  await warmUp(send)
  // As in the test: valid forms whose captcha was answered wrong once, so that nothing can be stored.
  const client = publicClient(fuzzed.url)
  const solved = await solveCaptcha(client)
  const spent = { ...solved, captchaAnswer: String(Number(solved.captchaAnswer) + 1) }
  await send('POST', '/trpc/requests.contact', JSON.stringify({ ...validContact(), ...spent }), trpcHeaders)
  await sleep(1500)
  console.log(
    `\nfuzz workload on ${fuzzed.url} (FUZZ_SEED=${FUZZ_SEED}): every procedure and route as tests/security/fuzz.test.ts sends them, one request at a time; load average ${loadAverage()} at the start`,
  )
  const probe = startBaselineProbe()
  const fromLog = fuzzed.logs.length
  requests = 0
  slowest.length = 0
  const started = performance.now()
  const failure = await checkAll(fuzzProperties(send, validSamples(spent))).then(
    () => '',
    (error: Error) => error.message.split('\n')[0]!,
  )
  const elapsed = (performance.now() - started) / 1000
  await sleep(1200)
  probe.stop()
  const reports = loopReports(fuzzed.logs, fromLog)
  const loopMax = Math.max(...reports.map((report) => report.max))
  const machineMax = Math.max(...probe.maxima)
  const over = reports.filter((report) => report.max > FUZZ_TARGETS.eventLoopMaxMs)
  const met = (ok: boolean) => (ok ? 'met' : 'not met')
  console.log(`  ${requests} requests in ${elapsed.toFixed(0)} s; answers ${failure ? `NOT as the test expects: ${failure}` : 'as the test expects'}`)
  console.log(
    `  event-loop delay over ${reports.length} one-second reports (one a second unless the loop was blocked): max ${loopMax.toFixed(1)} ms (target <= ${FUZZ_TARGETS.eventLoopMaxMs} ms: ${met(loopMax <= FUZZ_TARGETS.eventLoopMaxMs)}); seconds over it: ${over.length}, ${over.filter((report) => report.max > FUZZ_TARGETS.eventLoopMaxMs + machineMax).length} of them beyond what a busy process beside it saw (max ${machineMax.toFixed(1)} ms)`,
  )
  console.log(`  slowest requests as the client saw them: ${slowest.map((request) => `${request.request} ${request.ms} ms`).join('; ')}`)
  for (const { input, status } of largestQuotes()) {
    const sent = performance.now()
    const answer = await send('POST', '/trpc/requests.quote', JSON.stringify(input), trpcHeaders)
    const ms = performance.now() - sent
    console.log(
      `  largest quote, ${JSON.stringify(input).slice(0, 30)}...: ${answer.status} (expected ${status}) in ${ms.toFixed(0)} ms (target < ${FUZZ_TARGETS.largestBodyMs} ms: ${met(ms < FUZZ_TARGETS.largestBodyMs)})`,
    )
  }
  console.log(`  load average ${loadAverage()} at the end`)
} finally {
  await fuzzed.stop()
}
