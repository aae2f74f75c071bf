/** What a form shows while its code loads after a client-side navigation (no server HTML to keep meanwhile). */
export function FormPlaceholder() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <p className="text-sm text-muted">Caricamento del modulo...</p>
      {[0, 1, 2, 3].map((row) => (
        <div key={row} className="grid gap-2">
          <div className="h-4 w-32 rounded bg-gray-200" />
          <div className="h-11 rounded-md bg-gray-100" />
        </div>
      ))}
    </div>
  )
}
