import { useSyncExternalStore } from 'react'

export type ToastMessage = { id: number; title: string; description?: string; variant?: 'default' | 'destructive' }

let current: ToastMessage | null = null
let nextId = 1
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

/** Shows a toast; at most one is visible, so a new one replaces the old (docs/product.md §4). */
export function toast(message: Omit<ToastMessage, 'id'>) {
  current = { ...message, id: nextId++ }
  emit()
}

export function dismissToast(id: number) {
  if (current?.id === id) {
    current = null
    emit()
  }
}

export function useCurrentToast(): ToastMessage | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => current,
    () => null,
  )
}
