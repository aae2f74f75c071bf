import { defineConfig, HtmlValidate, StaticConfigLoader } from 'html-validate'

/**
 * The checks every public page passes: html-validate's recommended rules (the HTML standard's content models and
 * attributes, WAI-ARIA use, ids, labels and forms). Changed, each for a reason that is not a fault of the page:
 */
export const htmlValidateConfig = defineConfig({
  extends: ['html-validate:recommended'],
  rules: {
    // How an attribute or the doctype is spelled, not whether it is valid: React writes `selected=""`, `hidden=""`,
    // `async=""`, and the plain pages `<!doctype html>`; the standard allows both spellings of each.
    'attribute-boolean-style': 'off',
    'attribute-empty-style': 'off',
    'doctype-style': 'off',
    // Attribute names are case-insensitive and a void element may close itself: React writes `charSet`,
    // `fetchPriority`, `popoverTarget` and `<meta … />`.
    'attr-case': 'off',
    'void-style': 'off',
    // Search-result advice, not validity: the titles are the pages' copy, tested for uniqueness in public-pages.test.ts.
    'long-title': 'off',
    // An <input> without `type` is a text field by the standard; the recommended rule only prefers saying it.
    'no-implicit-input-type': 'off',
    // The standard's rule for ids (one token, no space: the /area-artigiani fault), not the stricter "starts with a
    // letter", which React's useId ids (`_r_1_`), used for labels and descriptions, never do.
    'valid-id': ['error', { relaxed: true }],
    // Checkboxes of one group share their name to send a list (the application's sectors), as the standard intends.
    'form-dup-name': ['error', { shared: ['radio', 'checkbox', 'button', 'reset', 'submit'] }],
    // The address field is the ARIA combobox pattern: its suggestions are a listbox because a <select> cannot show
    // suggestions fetched while typing.
    'prefer-native-element': ['error', { exclude: ['listbox'] }],
    // A list of many links is named (aria-label) so a screen reader's list of landmarks and lists tells them apart.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
})

const validator = new HtmlValidate(new StaticConfigLoader(htmlValidateConfig))

/** The problems html-validate finds in a whole page, one line each ("rule: message [selector]"); none is the goal. */
export async function htmlProblems(html: string): Promise<string[]> {
  const report = await validator.validateString(html)
  return report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}${m.selector ? ` [${m.selector}]` : ''}`))
}
