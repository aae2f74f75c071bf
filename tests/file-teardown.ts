import { afterAll } from 'vitest'
import { closeTestConnections } from './helpers/database.ts'

// Set up before each integration file (setupFiles): the files of a Vitest worker share one module graph
// (vitest.config.ts), so what a file opened through the helpers' module state is closed when the file ends.
afterAll(closeTestConnections)
