import { BackToList } from './artisan-page.tsx'

/** The artisan could not be loaded: the spec's message, the reason, and the way back to the table. */
export function ArtisanLoadError({ message }: { message: string }) {
  return (
    <div className="mx-auto grid max-w-lg justify-items-center gap-3 rounded-lg border border-gray-200 bg-white p-8 text-center">
      <h1 className="text-xl font-bold">Oops! Qualcosa è andato storto.</h1>
      <p className="text-muted">{message}</p>
      <BackToList variant="default" size="default" />
    </div>
  )
}
