import { useMutation } from '@tanstack/react-query'
import { UploadIcon } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { FieldError } from '#src/components/ui/field-error.tsx'
import { Input } from '#src/components/ui/input.tsx'
import { Label } from '#src/components/ui/label.tsx'
import { cn } from '#src/lib/utils.ts'
import { uploadPortfolioPhoto } from '#src/lib/photo-upload.ts'
import { MAX_PHOTO_CAPTION_LENGTH, MAX_PHOTO_UPLOAD_BYTES } from '#shared/reviews.ts'
import { PHOTO_ACCEPT } from '#shared/schemas/artisan-profile.ts'

/**
 * A new portfolio photo with its caption, sent to `action` (the office's or the area's upload route): the server's
 * message under the form when it refuses it; once sent, the form is emptied and `onUploaded` says so and reads again.
 * `touch`: fields and button 44 px high, for the area's phones.
 */
export function PhotoUploadForm({
  action,
  full,
  captionLabel,
  submitLabel,
  fullNote,
  touch = false,
  onUploaded,
}: {
  action: string
  full: boolean
  captionLabel: string
  submitLabel: string
  fullNote: string
  touch?: boolean
  onUploaded: () => Promise<unknown>
}) {
  const id = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [caption, setCaption] = useState('')
  const [error, setError] = useState<string | null>(null)
  const upload = useMutation({
    mutationFn: ({ file, caption }: { file: File; caption: string }) => uploadPortfolioPhoto(action, file, caption),
    onMutate: () => setError(null),
    onSuccess: async () => {
      setCaption('')
      if (fileInput.current) fileInput.current.value = ''
      await onUploaded()
    },
    onError: (e: Error) => setError(e.message),
  })
  const height = touch ? 'min-h-11' : undefined
  return (
    <form
      className="grid gap-2 rounded-lg border border-dashed border-gray-300 p-3"
      onSubmit={(event) => {
        event.preventDefault()
        const file = fileInput.current?.files?.[0]
        if (!file) return setError('Scegli una foto da caricare.')
        upload.mutate({ file, caption })
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor={`${id}-file`}>Nuova foto (JPEG, PNG, WebP o AVIF, al massimo {MAX_PHOTO_UPLOAD_BYTES / 1024 / 1024} MB)</Label>
        <Input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={PHOTO_ACCEPT}
          disabled={full}
          className={height}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </div>
      <div className="grid gap-1">
        <Label htmlFor={`${id}-caption`}>{captionLabel}</Label>
        <Input
          id={`${id}-caption`}
          value={caption}
          maxLength={MAX_PHOTO_CAPTION_LENGTH}
          disabled={full}
          className={height}
          onChange={(event) => setCaption(event.target.value)}
        />
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <Button type="submit" variant="outline" className={cn(height, 'justify-self-start')} disabled={full || upload.isPending}>
        <UploadIcon aria-hidden /> {upload.isPending ? 'Caricamento...' : submitLabel}
      </Button>
      {full ? <p className="text-sm text-muted">{fullNote}</p> : null}
    </form>
  )
}
