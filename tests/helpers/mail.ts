import type { MailMessage } from '#server/mail/mime.ts'

/** The smallest whole mail the MIME composer takes: the tests of the mail layer vary it one field at a time. */
export const plainMail: MailMessage = {
  from: 'Artigiani Milano <noreply@artigianimilano.it>',
  to: 'cliente@example.com',
  subject: 'Prova',
  html: '<p>Prova</p>',
  text: 'Prova',
}
