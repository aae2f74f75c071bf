import { defineConfig } from 'vitest/config'
import { postgresBinDir } from '#tests/helpers/postgres.ts'
import LongestFirst from '#tests/sequencer.ts'

/**
 * The HTTP smoke set on PostgreSQL (TEST_DATABASE_ENGINE=postgres, one throwaway cluster): integration files that run
 * there as well as on SQLite, each a whole path through the app where the engines meet under load or over time: the
 * server's start, migrations and pages; a quote from the form to the mail; a campaign sent, crashed and resumed; the
 * craftsman's answer loop from the offer to the rating; the public directory of craftsmen (its queries are the
 * profiles' own, not a repository's); a requester's data erased; retention; the Statistiche report with
 * visits counted; sign-in throttles under concurrency and sign-in timing. What each repository's SQL does on both engines
 * (claims, counters under concurrency, searches, aggregates, ON CONFLICT, time arithmetic) is the repositories' own tests,
 * run on both (project `repositories-postgres`); files about what is decided before any query run on SQLite only. Needs
 * Debian's `postgresql` package, which .ci/run installs.
 */
const ON_BOTH_ENGINES = [
  'tests/server.test.ts',
  'tests/requests-delivery.test.ts',
  'tests/newsletter-delivery.test.ts',
  'tests/lead-answers.test.ts',
  'tests/public-craftsmen.test.ts',
  'tests/admin-requesters-data-rights.test.ts',
  'tests/retention.test.ts',
  'tests/statistics.test.ts',
  'tests/security/admin-auth.test.ts',
  'tests/security/sign-in-timing.test.ts',
]
/** Repository tests, each on a migrated database of its own: SQLite in memory in `unit`, PostgreSQL here. */
const REPOSITORY_TESTS = ['server/repositories/**/*.test.ts']
/**
 * Tests whose assertions are about time (linear-time validation and mail building, bounds on hostile input, sign-in
 * answering as fast for unknown addresses, the mail rate in any second, the event-loop monitor): project `timing`,
 * after every other file, two files at a time (one a core, no file of another phase beside them), each allowed two
 * more tries for a busy moment (a real defect fails them all). The mail rate in any second runs in the same phase on
 * both engines (projects `mail-rate` and `mail-rate-postgres`, which Vitest wants with the same worker count): each
 * waits out a campaign paced at 5 mails a second and uses little CPU; beside three busy workers of the other phases
 * its arrivals bunched past the rate. The phase took 61 s with the timing files one at a time and the mail rate after
 * them, 40 s this way, and passed at the first try with a busy loop on one of the two cores. The sign-in timing on
 * PostgreSQL, whose pairs are measured side by side, runs among the other files with the same two more tries.
 */
const MAIL_RATE = 'tests/mail-send-rate.test.ts'
const TIMING = [
  'shared/schemas/linear-time.test.ts',
  'server/mail/mime-linear-time.test.ts',
  'server/mail/defang.test.ts',
  'server/mail/send-pacer.test.ts',
  'server/http/request-path.test.ts',
  'server/logger.test.ts',
  'server/event-loop.test.ts',
  'tests/security/sign-in-timing.test.ts',
  MAIL_RATE,
]
/** Several app processes on one database: PostgreSQL only. */
const POSTGRES_ONLY = ['tests/several-processes.test.ts', 'tests/db-copy.test.ts', 'tests/postgres-outage.test.ts']
/**
 * The container image assembled with a real `npm install --omit=dev` (minutes): project `ops`, defined only when TEST_OPS
 * is set, as `npm run test:ops` does, so that `npm test` and a bare `vitest run` leave it out.
 */
const OPS = ['tests/operations-image.test.ts']

/**
 * Test files at once. Integration files spend most of their time waiting on the server process they started, so three
 * keep a 2-core machine busy; TEST_WORKERS overrides it (README, Tests).
 */
const WORKERS = Number(process.env.TEST_WORKERS) || 3

/**
 * The integration files of a worker share one module graph (isolate: false): each starts its servers, emulators and
 * databases in its own hooks, and what the helpers keep in modules across files (the PostgreSQL statements' worker and
 * its connections) is closed at each file's end (tests/file-teardown.ts). The files that build the app in their own
 * process import it from source once per worker instead of once per file (about 3 s each). Vitest keeps a worker only
 * for a next file of the same project, so tests/sequencer.ts keeps each project's files together. The unit and
 * integration projects together: 799 -> 687 CPU-seconds, 411 -> 359 s (docs/decisions/048, sixth addendum).
 */
const SHARED_MODULES = { isolate: false, setupFiles: ['tests/file-teardown.ts'] }

/**
 * A condition polled (expect.poll) gets 10 s, not Vitest's 1 s: a page or a worker on a busy machine takes longer than
 * that to get there, and a condition met returns at once. Each project sets it: projects do not inherit the root's test
 * options.
 */
const EXPECT = { poll: { timeout: 10_000 } }

/**
 * The phase of the timing and mail-rate projects: after the other phases, two files at a time, two more tries each, and
 * the same worker count, as Vitest wants for projects of one phase.
 */
const TIMING_PHASE = { testTimeout: 120_000, hookTimeout: 120_000, retry: 2, maxWorkers: 2, sequence: { groupOrder: 2 } }

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          expect: EXPECT,
          include: ['src/**/*.test.{ts,tsx}', 'shared/**/*.test.ts', 'server/**/*.test.ts', 'db/**/*.test.ts'],
          exclude: TIMING,
          environment: 'node',
          // Pure functions and in-memory databases: one module graph per worker instead of one per file (a third less CPU).
          isolate: false,
          // Not a bound on time (that is the timing project's): a guard against a hang, with room for a busy machine.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'integration',
          expect: EXPECT,
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', ...POSTGRES_ONLY, ...OPS, ...TIMING],
          globalSetup: ['tests/global-setup.ts'],
          ...SHARED_MODULES,
          // CI machines are shared: a test that takes 3 s here has taken 30 s there.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(postgresBinDir()
        ? [
            {
              test: {
                name: 'integration-postgres',
                expect: EXPECT,
                include: [...ON_BOTH_ENGINES, ...POSTGRES_ONLY],
                globalSetup: ['tests/global-setup.ts', 'tests/postgres-setup.ts'],
                env: { TEST_DATABASE_ENGINE: 'postgres' },
                ...SHARED_MODULES,
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
            {
              test: {
                name: 'mail-rate-postgres',
                expect: EXPECT,
                include: [MAIL_RATE],
                globalSetup: ['tests/global-setup.ts', 'tests/postgres-setup.ts'],
                env: { TEST_DATABASE_ENGINE: 'postgres' },
                ...TIMING_PHASE,
              },
            },
            {
              test: {
                name: 'repositories-postgres',
                expect: EXPECT,
                include: REPOSITORY_TESTS,
                globalSetup: ['tests/postgres-setup.ts'],
                env: { TEST_DATABASE_ENGINE: 'postgres' },
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'timing',
          expect: EXPECT,
          include: TIMING,
          exclude: [MAIL_RATE],
          globalSetup: ['tests/global-setup.ts'],
          ...TIMING_PHASE,
        },
      },
      {
        test: {
          name: 'mail-rate',
          expect: EXPECT,
          include: [MAIL_RATE],
          globalSetup: ['tests/global-setup.ts'],
          ...TIMING_PHASE,
        },
      },
      ...(process.env.TEST_OPS
        ? [{ test: { name: 'ops', expect: EXPECT, include: OPS, globalSetup: ['tests/global-setup.ts'], testTimeout: 60_000, hookTimeout: 120_000 } }]
        : []),
      {
        test: {
          name: 'e2e',
          expect: EXPECT,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/global-setup.ts'],
          // Each file starts its own server and browser and shares no state through modules: the files of a worker reuse
          // one module graph (Playwright and axe loaded once, about 0.8 s of CPU a file).
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // After the other projects (a browser beside three servers makes both slower than one after the other), three files at
          // a time: without screenshots the browser files wait on pages most of their time (the phase used 1.2 of the 2 cores
          // with two at a time; 291 -> 280 s alone with three).
          maxWorkers: WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
})
