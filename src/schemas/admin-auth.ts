import { z } from 'zod'

/** Longest password accepted: hashing a megabyte would let one request burn a core. */
export const PASSWORD_MAX_LENGTH = 256
export const PASSWORD_MIN_LENGTH = 6

export const INVALID_CREDENTIALS = 'Credenziali non valide. Riprova.'

export const signInSchema = z.object({
  email: z.string().trim().min(1, "Inserisci l'email.").max(254, INVALID_CREDENTIALS),
  password: z.string().min(1, 'Inserisci la password.').max(PASSWORD_MAX_LENGTH, INVALID_CREDENTIALS),
})
export type SignInInput = z.infer<typeof signInSchema>

export const passwordResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'Inserisci la tua email per recuperare la password.').max(254, 'Formato email non valido.'),
})

export const PASSWORD_MISMATCH = 'Assicurati che le due password inserite siano identiche.'
export const PASSWORD_TOO_SHORT = 'La password deve contenere almeno 6 caratteri.'

export const newPasswordSchema = z
  .object({
    password: z.string().min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT).max(PASSWORD_MAX_LENGTH, `La password può contenere al massimo ${PASSWORD_MAX_LENGTH} caratteri.`),
    confirmPassword: z.string().max(PASSWORD_MAX_LENGTH, PASSWORD_MISMATCH),
  })
  .refine((value) => value.password === value.confirmPassword, { message: PASSWORD_MISMATCH, path: ['confirmPassword'] })
export type NewPasswordInput = z.infer<typeof newPasswordSchema>

/** The update-password call: a reset token from the e-mailed link, or none when already signed in. */
export const updatePasswordSchema = newPasswordSchema.and(z.object({ token: z.string().max(200).optional() }))
