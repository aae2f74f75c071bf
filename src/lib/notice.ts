import type { ToastMessage } from './toast.ts'

// A message for the next page: a form's success toast survives the page load to its thank-you page.
const KEY = 'artigiani.avviso'

export type Notice = Omit<ToastMessage, 'id'>

/** Opens `path`, which shows `notice` as a toast when it loads (src/islands/notices.tsx). */
export function openWithNotice(path: string, notice: Notice) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(notice))
  } catch {
    // Storage can be disabled: the next page comes without the toast.
  }
  window.location.assign(path)
}

export function hasPendingNotice(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null
  } catch {
    return false
  }
}

/** The notice left by the page before, once. */
export function takePendingNotice(): Notice | undefined {
  try {
    const stored = sessionStorage.getItem(KEY)
    sessionStorage.removeItem(KEY)
    const parsed = stored ? (JSON.parse(stored) as Partial<Notice>) : undefined
    if (!parsed || typeof parsed.title !== 'string') return undefined
    return {
      title: parsed.title,
      description: typeof parsed.description === 'string' ? parsed.description : undefined,
      variant: parsed.variant === 'destructive' ? 'destructive' : 'default',
    }
  } catch {
    return undefined
  }
}
