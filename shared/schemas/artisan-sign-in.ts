import { z } from 'zod'
import { SIGN_IN_CODE_FORMAT, SIGN_IN_EMAIL_INVALID, SIGN_IN_EMAIL_MISSING, SIGN_IN_LINK_INVALID, SIGN_IN_TOKEN_PATTERN } from '../artisan-sign-in.ts'

export const signInRequestSchema = z.object({
  email: z
    .string({ error: SIGN_IN_EMAIL_MISSING })
    .trim()
    .min(1, SIGN_IN_EMAIL_MISSING)
    .max(254, SIGN_IN_EMAIL_INVALID)
    .pipe(z.email({ error: SIGN_IN_EMAIL_INVALID })),
  /** The page of the area the craftsman was sent away from, opened once signed in (only a page of the area). */
  redirect: z.string().max(2000).optional(),
})
export type SignInRequestInput = z.input<typeof signInRequestSchema>

export const signInCodeSchema = z.object({
  code: z
    .string({ error: SIGN_IN_CODE_FORMAT })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, SIGN_IN_CODE_FORMAT)),
})
export type SignInCodeInput = z.input<typeof signInCodeSchema>

/** The code typed in the browser that asked (its cookie names the mail), or in another one with the link's token. */
export const verifySignInCodeSchema = signInCodeSchema.extend({
  token: z.string().max(100, SIGN_IN_LINK_INVALID).regex(SIGN_IN_TOKEN_PATTERN, SIGN_IN_LINK_INVALID).optional(),
})
