import { type ComponentType, memo, type ReactNode, Suspense, useEffect, useRef, useState } from 'react'
import { useHydrated } from '../lib/use-hydrated.ts'

/** What the visitor had typed into the server-rendered form before its code arrived, by field name. */
export type TypedBeforeHydration = Record<string, string>

// Signs that the visitor is about to use the form: the pointer over it, a touch, a focused field, a key.
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const

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
  function Form({ props, reached, typed }: { props: P; reached: Promise<void>; typed: () => TypedBeforeHydration | undefined }) {
    const hydrated = useHydrated()
    if (Loaded) return <Loaded {...props} typed={typed()} />
    if (failure) throw failure.error
    // While hydrating, wait for the visitor; rendered fresh in the browser, there is no HTML to show meanwhile.
    throw hydrated ? preload() : reached
  }

  // biome-ignore lint/correctness/noComponentHookFactories: the factory runs once per form at module scope, like React.lazy
  const Boundary = memo(function Boundary(props: P) {
    const box = useRef<HTMLDivElement>(null)
    const [reached] = useState(() => {
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
        if (event.target instanceof Node && box.current?.contains(event.target)) reached.open()
      }
      for (const type of INTERACTIONS) window.addEventListener(type, reach, { capture: true, passive: true })
      return () => {
        for (const type of INTERACTIONS) window.removeEventListener(type, reach, { capture: true })
      }
    }, [reached])

    return (
      <div ref={box} className="contents">
        <Suspense fallback={fallback}>
          <Form props={props} reached={reached.promise} typed={typed} />
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
function sameProps(previous: object, next: object): boolean {
  const a = previous as Record<string, unknown>
  const b = next as Record<string, unknown>
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => Object.is(a[key], b[key]) || shallowEqual(a[key], b[key]))
}

function shallowEqual(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) || Array.isArray(b)) return false
  const x = a as Record<string, unknown>
  const y = b as Record<string, unknown>
  const keys = Object.keys(x)
  return keys.length === Object.keys(y).length && keys.every((key) => Object.is(x[key], y[key]))
}

/** The form's defaults, with what the visitor typed into the server's HTML before the code arrived. */
export function withTyped<T extends Record<string, unknown>>(defaults: T, typed: TypedBeforeHydration | undefined): T {
  if (!typed) return defaults
  const merged: Record<string, unknown> = { ...defaults }
  for (const [name, value] of Object.entries(defaults)) {
    if (typeof value === 'string' && typed[name] !== undefined) merged[name] = typed[name]
  }
  return merged as T
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
