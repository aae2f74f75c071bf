import type { HttpBindings } from '@hono/node-server'

/** What the Hono app knows of every request: Node's socket, the request's id for the logs, and its one canonical path. */
export type AppEnv = { Bindings: HttpBindings; Variables: { requestId: string; path: string } }
