import type { DB } from '#db/client.ts'
import type { Env } from '../env.ts'
import { jobErrors } from '../faults.ts'
import type { Logger } from '../logger.ts'
import { compileProxyTrust } from '../http/client-address.ts'
import { addVisits, sourcesOfDay } from '../repositories/visits.ts'
import { romeDay } from './sources.ts'
import { VisitCounter } from './visits.ts'

/** The visit counter of this process and its flush every VISIT_FLUSH_SECONDS; `stop` writes what is left. */
export async function startVisitCounting({ db, env, logger }: { db: DB; env: Env; logger: Logger }) {
  const counter = new VisitCounter({
    proxyTrust: compileProxyTrust(env.TRUST_PROXY),
    ownHost: new URL(env.PUBLIC_URL).hostname,
    visitsPerAddress: env.VISITS_PER_ADDRESS_PER_DAY,
    sourceMinAddresses: env.VISIT_SOURCE_MIN_ADDRESSES,
  })
  const today = romeDay(Date.now())
  counter.knowSources(today, await sourcesOfDay(db, today))

  // A database that does not answer delays the counts: logged when it starts and when they are written again.
  const errors = jobErrors(logger, 'visit counting')
  let flushing: Promise<void> = Promise.resolve()
  const flush = () => {
    flushing = flushing.then(async () => {
      // What other processes listed today is listed here too, with the visits it had here. A database that does not
      // answer fails the write just below, which keeps the counts; this read is only tried again next time.
      const day = romeDay(Date.now())
      await sourcesOfDay(db, day).then(
        (sources) => counter.knowSources(day, sources),
        () => undefined,
      )
      const totals = counter.drain()
      try {
        await addVisits(db, totals)
        errors.succeeded()
      } catch (err) {
        // Kept for the next flush: a busy or full disk delays the counts rather than losing them.
        counter.restore(totals)
        errors.failed(err, 'visit counts not written, kept for the next flush')
      }
    })
    return flushing
  }
  const timer = setInterval(() => void flush(), env.VISIT_FLUSH_SECONDS * 1000)
  timer.unref()
  return {
    counter,
    flush,
    async stop() {
      clearInterval(timer)
      await flush()
    },
  }
}
