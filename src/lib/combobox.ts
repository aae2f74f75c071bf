/**
 * The attributes of a search box that drives a list of options (the ARIA combobox pattern): the comune search of the
 * forms and the back office's multiple choices. `activeId` names the highlighted option while the list is open.
 */
export function comboboxAttributes(listId: string, expanded: boolean, activeId: string | undefined) {
  return {
    type: 'text',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': expanded,
    'aria-controls': listId,
    'aria-activedescendant': activeId,
    autoComplete: 'off',
    spellCheck: false,
  } as const
}
