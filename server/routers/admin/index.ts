import { router } from '#server/trpc/init.ts'
import { dashboardRouter } from './dashboard.ts'
import { dispatchRouter } from './dispatch.ts'
import { artisanProfilesRouter } from './artisan-profiles.ts'
import { artisansRouter } from './artisans.ts'
import { authRouter } from './auth.ts'
import { leadsRouter } from './leads.ts'
import { messagesRouter } from './messages.ts'
import { newsletterRouter } from './newsletter.ts'
import { profileChangesRouter } from './profile-changes.ts'
import { requestersRouter } from './requesters.ts'
import { reviewsRouter } from './reviews.ts'
import { statisticsRouter } from './statistics.ts'
import { suppressionsRouter } from './suppressions.ts'

/** The back office: every procedure requires a session except the sign-in and recovery ones in `auth`. */
export const adminRouter = router({
  auth: authRouter,
  artisans: artisansRouter,
  artisanProfiles: artisanProfilesRouter,
  dashboard: dashboardRouter,
  dispatch: dispatchRouter,
  leads: leadsRouter,
  messages: messagesRouter,
  newsletter: newsletterRouter,
  profileChanges: profileChangesRouter,
  requesters: requestersRouter,
  reviews: reviewsRouter,
  statistics: statisticsRouter,
  suppressions: suppressionsRouter,
})
