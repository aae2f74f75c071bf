import { router } from '#server/trpc/init.ts'
import { availabilityRouter } from './availability.ts'
import { coverageRouter } from './coverage.ts'
import { figuresRouter } from './figures.ts'
import { notificationsRouter } from './notifications.ts'
import { offersRouter } from './offers.ts'
import { profileRouter } from './profile.ts'
import { reviewsRouter } from './reviews.ts'
import { sessionRouter } from './session.ts'
import { signInRouter } from './sign-in.ts'

/**
 * The craftsmen's own area (/artigiano): every procedure is scoped to the signed-in craftsman's own rows
 * (artisanProcedure), except signing in and `session.me`/`signOut`, which answer for whoever asks.
 */
export const areaRouter = router({
  session: sessionRouter,
  signIn: signInRouter,
  offers: offersRouter,
  profile: profileRouter,
  reviews: reviewsRouter,
  figures: figuresRouter,
  availability: availabilityRouter,
  coverage: coverageRouter,
  notifications: notificationsRouter,
})
