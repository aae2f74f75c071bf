import { Trash2Icon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#src/components/ui/dialog.tsx'
import { QueryView } from './list-screen.tsx'

type Props<T> = {
  open: boolean
  onClose: () => void
  title: string
  description: ReactNode
  query: { isPending: boolean; isError: boolean; data: T | undefined; refetch: () => unknown }
  loading: string
  failed: string
  /** The red button on the left of the footer, once the record is known. */
  remove?: { label: string; onClick: () => void }
  /** More buttons, between the red one and 'Chiudi'. */
  actions?: ReactNode
  children: (data: T) => ReactNode
}

/** A record opened from an admin list: its details once loaded, and its actions beside 'Chiudi'. */
export function DetailDialog<T>({ open, onClose, title, description, query, loading, failed, remove, actions, children }: Props<T>) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <QueryView query={query} loading={loading} failed={failed} spacing="py-6">
          {children}
        </QueryView>
        <DialogFooter className="border-t border-gray-200 pt-4">
          {remove ? (
            <Button variant="outline" className="text-red-700 hover:bg-red-50 sm:mr-auto" onClick={remove.onClick}>
              <Trash2Icon aria-hidden /> {remove.label}
            </Button>
          ) : null}
          {actions}
          <DialogClose asChild>
            <Button variant="outline">Chiudi</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
