import { cn } from '#src/lib/utils.ts'
import { controlClasses, textControlClasses } from './input.tsx'
import { slotted } from './slotted.ts'

const Textarea = slotted('textarea', 'textarea', cn(controlClasses, textControlClasses, 'min-h-24'))

export { Textarea }
