import { lazy, Suspense } from 'react'
import { useCurrentToast } from '../lib/toast.ts'

// The Radix toast stack loads with the first notification, not with every page.
const ToastView = lazy(() => import('./toast-view.tsx').then((module) => ({ default: module.ToastView })))

/** The one toast region: 5 s, swipe right 50 px, Escape and F8 as Radix provides (docs/product.md §4). */
export function Toaster() {
  const message = useCurrentToast()
  if (!message) return null
  return (
    <Suspense fallback={null}>
      <ToastView message={message} />
    </Suspense>
  )
}
