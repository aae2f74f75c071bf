import { type ComponentType, type ReactNode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { Toaster } from '#src/components/toaster.tsx'
import { islandIdPrefix } from './island.tsx'
import { type FieldSnapshot, replayFields, snapshotFields } from './replay-fields.ts'

let toasterMounted = false

/** The page's one toast region, a React root of its own beside the islands (every island shares the toast store). */
export function mountToaster() {
  if (toasterMounted) return
  toasterMounted = true
  const host = document.createElement('div')
  document.body.append(host)
  createRoot(host).render(<Toaster />)
}

/** Runs once the island's first render has been committed over the server's HTML. */
function Hydrated({ children, onHydrated }: { children: ReactNode; onHydrated: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after hydration
  useEffect(onHydrated, [])
  return children
}

/**
 * Hydrates one island (island.tsx) with its component and the props the server wrote beside it. What the visitor did
 * to its fields before the code arrived (typed, ticked, picked files, chose an option) is handed to the component as if
 * done now, then a form sent meanwhile is sent again: nothing done before hydration is lost.
 */
// biome-ignore lint/suspicious/noExplicitAny: the props are the JSON the server wrote for this very component
export function hydrateIsland(island: HTMLElement, Component: ComponentType<any>, sentEarly: () => HTMLFormElement | undefined) {
  const root = island.querySelector<HTMLElement>(':scope > [data-island-root]')
  const data = island.querySelector(':scope > script[type="application/json"]')?.textContent
  if (!root) return
  const props = data ? JSON.parse(data) : {}
  mountToaster()
  const before: FieldSnapshot = snapshotFields(root)
  const onHydrated = () => {
    replayFields(before)
    island.setAttribute('data-hydrated', '')
    sentEarly()?.requestSubmit()
  }
  hydrateRoot(
    root,
    <Hydrated onHydrated={onHydrated}>
      <Component {...props} />
    </Hydrated>,
    { identifierPrefix: islandIdPrefix(island.dataset.island ?? '') },
  )
}
