import { takePendingNotice } from '#src/lib/notice.ts'
import { toast } from '#src/lib/toast.ts'
import { mountToaster } from './hydrate.tsx'

/**
 * Toasts a page shows when it loads: the success of the form sent on the page before (notice.ts), or the page's own
 * message (`data-notice`, JSON), with a move to the home page after `data-redirect-ms` when the page asks for one.
 */
export function showNotices() {
  const element = document.querySelector<HTMLElement>('[data-notice]')
  const own = element?.dataset.notice ? (JSON.parse(element.dataset.notice) as Parameters<typeof toast>[0]) : undefined
  const notice = own ?? takePendingNotice()
  if (notice) {
    mountToaster()
    toast(notice)
  }
  const delay = Number(element?.dataset.redirectMs)
  if (delay > 0) setTimeout(() => window.location.replace('/'), delay)
}
