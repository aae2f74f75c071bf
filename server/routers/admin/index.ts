import { router } from '../../trpc/init.ts'
import { authRouter } from './auth.ts'
import { newsletterRouter } from './newsletter.ts'

/** The back office: every procedure requires a session except the sign-in and recovery ones in `auth`. */
export const adminRouter = router({
  auth: authRouter,
  newsletter: newsletterRouter,
})
