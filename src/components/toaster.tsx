import { dismissToast, useCurrentToast } from '../lib/toast.ts'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './ui/toast.tsx'

/** The one toast region: 5 s, swipe right 50 px, Escape and F8 as Radix provides (SPEC 4). */
export function Toaster() {
  const message = useCurrentToast()
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notifica">
      {message && (
        <Toast
          key={message.id}
          variant={message.variant}
          onOpenChange={(open) => {
            if (!open) dismissToast(message.id)
          }}
        >
          <div className="grid gap-1">
            <ToastTitle>{message.title}</ToastTitle>
            {message.description && <ToastDescription>{message.description}</ToastDescription>}
          </div>
          <ToastClose />
        </Toast>
      )}
      <ToastViewport />
    </ToastProvider>
  )
}
