import { cn } from '#src/lib/utils.ts'
import { controlClasses } from './input.tsx'
import { slotted } from './slotted.ts'

/** A styled native <select>: accessible and light, for forms and filters. */
const NativeSelect = slotted('select', 'native-select', cn(controlClasses, 'h-11'))

export { NativeSelect }
