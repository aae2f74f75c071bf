/** Joins class names, skipping falsy ones; public pages use it instead of cn() to keep tailwind-merge off their first load. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ')
}

/** The look of the site's primary and secondary call-to-action links and buttons. */
export const ctaClass =
  'inline-flex items-center justify-center gap-2 rounded-md bg-brand-600 px-6 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:bg-gray-400'
export const outlineCtaClass =
  'inline-flex items-center justify-center gap-2 rounded-md border border-gray-300 bg-white px-6 py-3 text-base font-semibold text-ink shadow-sm transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-offset-2'
export const selectClass =
  'h-11 w-full rounded-md border border-gray-400 bg-white px-3 text-base text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40'
export const labelClass = 'text-sm font-semibold text-ink'
