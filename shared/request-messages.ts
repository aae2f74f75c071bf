// The messages of the public forms' guards and the shape of a field's issue, shown by the browser and sent by the
// server; free of zod, so a form's first render does not need its schema.

export const CAPTCHA_WRONG_TITLE = 'Captcha errato'
export const CAPTCHA_WRONG = "Per favore, risolvi correttamente l'addizione."
export const CAPTCHA_EXPIRED = "L'addizione è scaduta: risolvi quella nuova."
export const CAPTCHA_USED = "L'addizione è già stata usata: risolvi quella nuova."
export const PROOF_OF_WORK_TITLE = 'Verifica non riuscita'
export const PROOF_OF_WORK_FAILED = 'La verifica automatica non è riuscita: ricarica la pagina e riprova.'
export const RATE_LIMITED = 'Hai inviato troppe richieste in poco tempo. Riprova tra qualche minuto.'
export const REJECTED = 'Richiesta non valida.'

/** A message about one field of a procedure's input, by its path: the server's errorFormatter sends them in `data.fieldErrors`, the forms put each under its field. */
export type FieldIssue = { path: (string | number)[]; message: string }
