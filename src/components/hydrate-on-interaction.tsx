import { type ComponentType, memo, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '../lib/use-hydrated.ts'

/** What the visitor had typed into the server-rendered form before its code arrived, by field name. */
export type TypedBeforeHydration = Record<string, string>

// Signs that the visitor is about to use the form: the pointer over it, a touch, a focused field, a key, a send.
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown', 'submit'] as const

/** The visitor reaching for the form: `open` loads its code; a form sent before its code runs (`asked`) waits for it. */
type Reach = { promise: Promise<void>; open: () => void; live?: boolean; asked?: HTMLFormElement }

/**
 * A form that is rendered on the server with the page but whose code (validation, uploads, captcha) loads only when the
 * visitor reaches for it. Until then the server's HTML stays in place inside a Suspense boundary that React hydrates as
 * soon as the code has arrived; rendered in the browser (after a client-side navigation), it loads at once.
 *
 * On the server the code must have been loaded before rendering: the page's loader awaits `preload()`.
 */
export function hydrateOnInteraction<P extends object>(load: () => Promise<ComponentType<P & { typed?: TypedBeforeHydration }>>, fallback: ReactNode) {
  let Loaded: ComponentType<P & { typed?: TypedBeforeHydration }> | undefined
  let failure: { error: unknown } | undefined
  let loading: Promise<void> | undefined
  // A flaky connection gets two more tries; after that the page's error view offers to try again.
  const attempt = (tries: number): Promise<void> =>
    load().then(
      (component) => {
        Loaded = component
      },
      (error: unknown) => {
        if (tries > 1) return new Promise<void>((resolve) => setTimeout(resolve, 1000)).then(() => attempt(tries - 1))
        failure = { error }
      },
    )
  const preload = () => {
    if (failure) {
      failure = undefined
      loading = undefined
    }
    loading ??= attempt(3)
    return loading
  }

  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once per form at module scope, like React.lazy
  function Form({ props, reached, typed }: { props: P; reached: Reach; typed: () => TypedBeforeHydration | undefined }) {
    const hydrated = useHydrated()
    // Runs once the form's code is in place (a suspended render commits nothing): a send asked meanwhile is made now,
    // through the form's own handler, which shows the validation messages.
    useEffect(() => {
      const asked = reached.asked
      reached.live = true
      reached.asked = undefined
      asked?.requestSubmit()
    }, [reached])
    if (Loaded) return <Loaded {...props} typed={typed()} />
    if (failure) throw failure.error
    // While hydrating, wait for the visitor; rendered fresh in the browser, there is no HTML to show meanwhile.
    throw hydrated ? preload() : reached.promise
  }

  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once per form at module scope, like React.lazy
  const Boundary = memo(function Boundary(props: P) {
    const box = useRef<HTMLDivElement>(null)
    const [reached] = useState((): Reach => {
      let open = () => {}
      const promise = new Promise<void>((resolve) => {
        open = resolve
      }).then(preload)
      return { promise, open }
    })
    // Read once, when the form's code renders for the first time over the server's HTML.
    const [typed] = useState(() => {
      let read: { value: TypedBeforeHydration | undefined } | undefined
      return () => {
        read ??= { value: readTyped(box.current) }
        return read.value
      }
    })

    // On window, capturing: React stops events aimed at a part it has not hydrated yet before they reach the form.
    useEffect(() => {
      const reach = (event: Event) => {
        if (!(event.target instanceof Node && box.current?.contains(event.target))) return
        reached.open()
        // Sent before its code runs: not by the browser, which would leave the page, but by the code once it is there.
        if (event.type === 'submit' && !reached.live) {
          event.preventDefault()
          reached.asked = event.target as HTMLFormElement
        }
      }
      for (const type of INTERACTIONS) window.addEventListener(type, reach, { capture: true, passive: type !== 'submit' })
      return () => {
        for (const type of INTERACTIONS) window.removeEventListener(type, reach, { capture: true })
      }
    }, [reached])

    return (
      <div ref={box} className="contents">
        <Suspense fallback={fallback}>
          <Form props={props} reached={reached} typed={typed} />
        </Suspense>
      </div>
    )
  }, sameProps)

  return Object.assign(Boundary, { preload })
}

/**
 * Props equal value by value, one level into plain objects: a page that builds `{ label, placeId }` on every render must
 * not count as an update, which would make React drop the server's HTML before the code has arrived.
 */
function sameProps(previous: unknown, next: unknown, deeper = true): boolean {
  if (typeof previous !== 'object' || typeof next !== 'object' || !previous || !next || Array.isArray(previous) || Array.isArray(next)) return false
  const a = previous as Record<string, unknown>
  const b = next as Record<string, unknown>
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]) || (deeper && sameProps(a[key], b[key], false)))
}

/** The text fields and selects of the server-rendered form, as the visitor left them. */
function readTyped(box: HTMLElement | null): TypedBeforeHydration | undefined {
  const form = box?.querySelector('form')
  if (!form) return undefined
  const typed: TypedBeforeHydration = {}
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value !== '') typed[name] = value
  }
  return typed
}
