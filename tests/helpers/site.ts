import { type RunningServer, startServer } from './server.ts'

/** What a test reads of the site it talks to, whether the built server runs as a process (startServer) or the app in this one (helpers/app.ts). */
export type TestSite = Pick<RunningServer, 'url' | 'port' | 'dataDir' | 'databasePath' | 'logs'> & { stop(): Promise<unknown> }

/** How a test file starts its site: startServer, or startApp when the process is not what the file is about. */
export type StartSite<S extends TestSite> = (env?: Record<string, string>) => Promise<S>

/**
 * startServer as the default `start` of the helpers that start a file's site (helpers/admin.ts, helpers/requests.ts):
 * their site type defaults to RunningServer, which is what it is whenever this default applies.
 */
export const spawnedSite = <S extends TestSite>() => ((env?: Record<string, string>) => startServer(env)) as unknown as StartSite<S>
