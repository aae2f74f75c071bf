import { createElement } from 'react'
import { renderEmail } from '../render.ts'
import { ApplicationConfirmation } from './application-confirmation.tsx'
import { ApplicationNotification, type ApplicationNotificationProps } from './application-notification.tsx'
import { ArtisanIntroduction, type ArtisanIntroductionProps } from './artisan-introduction.tsx'
import { LeadOffer, type LeadOfferProps } from './lead-offer.tsx'
import { NoArtisan, type NoArtisanProps } from './no-artisan.tsx'
import { OfferAccepted, type OfferAcceptedProps } from './offer-accepted.tsx'
import { OfferSummary, type OfferSummaryProps } from './offer-summary.tsx'
import { OfferWithdrawn, type OfferWithdrawnProps } from './offer-withdrawn.tsx'
import { ProfileChange, type ProfileChangeProps } from './profile-change.tsx'
import { PromiseMissed, type PromiseMissedProps } from './promise-missed.tsx'
import { PromiseMissedAlert, type PromiseMissedAlertProps } from './promise-missed-alert.tsx'
import { RatingRequest, type RatingRequestProps } from './rating-request.tsx'
import { RequestConfirmation, type RequestConfirmationProps } from './request-confirmation.tsx'
import { RequestNotification, type RequestNotificationProps } from './request-notification.tsx'
import { ReviewHidden, type ReviewHiddenProps } from './review-hidden.tsx'

/** Templates the outbox worker renders when it sends, so a request only stores their values. */
export type QueuedTemplate =
  | { name: 'request-notification'; props: RequestNotificationProps }
  | { name: 'request-confirmation'; props: RequestConfirmationProps }
  | { name: 'application-notification'; props: ApplicationNotificationProps }
  | { name: 'application-confirmation'; props: { contactName: string } }
  | { name: 'lead-offer'; props: LeadOfferProps }
  | { name: 'offer-accepted'; props: OfferAcceptedProps }
  | { name: 'artisan-introduction'; props: ArtisanIntroductionProps }
  | { name: 'rating-request'; props: RatingRequestProps }
  | { name: 'offer-withdrawn'; props: OfferWithdrawnProps }
  | { name: 'review-hidden'; props: ReviewHiddenProps }
  | { name: 'promise-missed'; props: PromiseMissedProps }
  | { name: 'promise-missed-alert'; props: PromiseMissedAlertProps }
  | { name: 'no-artisan'; props: NoArtisanProps }
  | { name: 'profile-change'; props: ProfileChangeProps }
  | { name: 'offer-summary'; props: OfferSummaryProps }

const COMPONENTS: { [N in QueuedTemplate['name']]: (props: Extract<QueuedTemplate, { name: N }>['props']) => React.ReactElement } = {
  'request-notification': RequestNotification,
  'request-confirmation': RequestConfirmation,
  'application-notification': ApplicationNotification,
  'application-confirmation': ApplicationConfirmation,
  'lead-offer': LeadOffer,
  'offer-accepted': OfferAccepted,
  'artisan-introduction': ArtisanIntroduction,
  'rating-request': RatingRequest,
  'offer-withdrawn': OfferWithdrawn,
  'review-hidden': ReviewHidden,
  'promise-missed': PromiseMissed,
  'promise-missed-alert': PromiseMissedAlert,
  'no-artisan': NoArtisan,
  'profile-change': ProfileChange,
  'offer-summary': OfferSummary,
}

export function renderQueuedTemplate(template: QueuedTemplate): Promise<{ html: string; text: string }> {
  const component = COMPONENTS[template.name] as (props: QueuedTemplate['props']) => React.ReactElement
  return renderEmail(createElement(component, template.props))
}

export function parseQueuedTemplate(name: string, props: string): QueuedTemplate {
  if (!Object.hasOwn(COMPONENTS, name)) throw new Error(`unknown e-mail template ${JSON.stringify(name)}`)
  return { name, props: JSON.parse(props) } as QueuedTemplate
}
