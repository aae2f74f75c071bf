import { z } from 'zod'

/** Longest password accepted: hashing a megabyte would let one request burn a core. */
export const PASSWORD_MAX_LENGTH = 256
export const PASSWORD_MIN_LENGTH = 12

export const INVALID_CREDENTIALS = 'Credenziali non valide. Riprova.'
export const INVALID_CODE = 'Codice di verifica non valido o già usato. Riprova.'

/** A TOTP code (6 digits) or a recovery code (16 letters and digits, dashes and spaces ignored). */
const code = z.string().trim().max(64, INVALID_CODE)

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Inserisci l'email.").max(254, INVALID_CREDENTIALS),
  password: z.string().min(1, 'Inserisci la password.').max(PASSWORD_MAX_LENGTH, INVALID_CREDENTIALS),
  code: code.optional(),
})
export type SignInInput = z.infer<typeof signInSchema>

/** `?redirect=` of the sign-in pages: where to go after signing in. */
export const signInSearchSchema = z.object({ redirect: z.string().max(2000).optional().catch(undefined) })

export const verificationCodeSchema = z.object({ code: code.min(1, 'Inserisci il codice di verifica.') })
export type VerificationCodeInput = z.infer<typeof verificationCodeSchema>

export const confirmEnrolmentSchema = verificationCodeSchema.extend({ token: z.string().max(200) })

export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'Inserisci la tua email per recuperare la password.').max(254, 'Formato email non valido.'),
})

export const PASSWORD_MISMATCH = 'Assicurati che le due password inserite siano identiche.'
export const PASSWORD_TOO_SHORT = `La password deve contenere almeno ${PASSWORD_MIN_LENGTH} caratteri.`
/** Checked on the server only: the list of common passwords is too big for the browser. */
export const PASSWORD_TOO_COMMON = 'Questa password è tra le più comuni: scegline una meno prevedibile.'
export const CURRENT_PASSWORD_MISSING = 'Inserisci la password attuale.'
export const CURRENT_PASSWORD_WRONG = 'La password attuale non è corretta.'

export const newPasswordSchema = z
  .object({
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
      .max(PASSWORD_MAX_LENGTH, `La password può contenere al massimo ${PASSWORD_MAX_LENGTH} caratteri.`),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_MISMATCH),
  })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] })
export type NewPasswordInput = z.infer<typeof newPasswordSchema>

const currentPassword = z.string().max(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_WRONG)
/** The form of a signed-in administrator, who proves they know the current password. */
export const changePasswordSchema = newPasswordSchema.and(z.object({ currentPassword: currentPassword.min(1, CURRENT_PASSWORD_MISSING) }))
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>
/** The same form opened from a reset link: the link stands in for the current password. */
export const resetPasswordSchema = newPasswordSchema.and(z.object({ currentPassword }))

/** The update-password call: a reset token from the e-mailed link, or the current password when signed in. */
export const updatePasswordSchema = newPasswordSchema.and(z.object({ token: z.string().max(200).optional(), currentPassword: currentPassword.optional() }))
