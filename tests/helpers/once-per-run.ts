/**
 * A resource global setup makes once for the whole run, whichever projects ask for it: Vitest runs each project's
 * global setup in turn in its main process, so the projects that list the same setup file would each make their own
 * (five SQLite templates and three PostgreSQL clusters, one after the other before the first test). The first project
 * makes it; the last teardown disposes of it.
 */
type Shared<T> = { users: number; value: Promise<T> }

const registry = globalThis as typeof globalThis & { artigianiOncePerRun?: Map<string, Shared<unknown>> }

export async function oncePerRun<T>(
  key: string,
  make: () => Promise<T>,
  dispose: (value: T) => Promise<void> | void,
): Promise<{ value: T; release: () => Promise<void> }> {
  registry.artigianiOncePerRun ??= new Map()
  const shared = (registry.artigianiOncePerRun.get(key) as Shared<T> | undefined) ?? { users: 0, value: make() }
  registry.artigianiOncePerRun.set(key, shared)
  shared.users++
  const value = await shared.value
  let released = false
  return {
    value,
    async release() {
      if (released) return
      released = true
      if (--shared.users > 0) return
      registry.artigianiOncePerRun?.delete(key)
      await dispose(value)
    },
  }
}
