type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/** The state of an island's fields just before hydration. */
export type FieldSnapshot = { field: Field; value: string; checked: boolean }[]

const fieldsOf = (root: HTMLElement) => [...root.querySelectorAll<Field>('input, textarea, select')]

export function snapshotFields(root: HTMLElement): FieldSnapshot {
  return fieldsOf(root).map((field) => ({ field, value: field.value, checked: field instanceof HTMLInputElement && field.checked }))
}

/** What the server's HTML said: the state the component's first render matches. */
function serverValue(field: Field): string {
  if (field instanceof HTMLSelectElement) return [...field.options].find((option) => option.defaultSelected)?.value ?? field.options[0]?.value ?? ''
  return field.defaultValue
}

const isCheckable = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')

/**
 * Hands the component what the visitor did before hydration, through the events React listens to: React only learns of
 * a change it did not make when the element's value differs from the one it last saw, so the old value is set first
 * (React records it), then the visitor's (React does not see it), then the event.
 * The visitor's state is the field's current one if it moved since the server's HTML (typed during hydration), else the
 * one before hydration (a component that reset the field on its first render).
 */
export function replayFields(before: FieldSnapshot) {
  for (const { field, value, checked } of before) {
    if (!field.isConnected) continue
    if (field instanceof HTMLInputElement && field.type === 'file') {
      if (field.files?.length) field.dispatchEvent(new Event('change', { bubbles: true }))
    } else if (isCheckable(field)) {
      const wanted = field.checked !== field.defaultChecked ? field.checked : checked
      if (wanted === field.defaultChecked) continue
      field.checked = !wanted
      field.click()
    } else {
      const server = serverValue(field)
      const wanted = field.value !== server ? field.value : value
      if (wanted === server) continue
      if (field instanceof HTMLSelectElement) {
        field.value = wanted
        field.dispatchEvent(new Event('change', { bubbles: true }))
      } else {
        const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
        field.value = wanted === '' ? ' ' : ''
        Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, wanted)
        field.dispatchEvent(new Event('input', { bubbles: true }))
      }
    }
  }
}
