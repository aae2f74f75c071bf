import { dismissToast, type ToastMessage } from '../lib/toast.ts'
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './ui/toast.tsx'

export function ToastView({ message }: { message: ToastMessage }) {
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label="Notifica">
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
      {/* Radix names the region in English by default ("Notifications (F8)"): a screen reader reads it on an Italian page. */}
      <ToastViewport label="Notifiche ({hotkey})" />
    </ToastProvider>
  )
}
