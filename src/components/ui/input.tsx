import { cn } from '#src/lib/utils.ts'
import { slotted } from './slotted.ts'

/** What the text field, the select and the text area share: border, focus ring, invalid and disabled states. */
export const controlClasses =
  'flex w-full rounded-md border border-gray-300 bg-white px-3 text-base text-ink focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600/40 disabled:opacity-60 aria-invalid:border-red-700 md:text-sm'

/** The text controls' extras: inner padding, a light shadow, the placeholder's colour. */
export const textControlClasses = 'py-2 shadow-xs placeholder:text-gray-500 disabled:cursor-not-allowed'

const Input = slotted('input', 'input', cn(controlClasses, textControlClasses, 'h-11 min-w-0'))

export { Input }
