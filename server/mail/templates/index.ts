import { createElement } from 'react'
import { renderEmail } from '../render.ts'
import { ApplicationConfirmation } from './application-confirmation.tsx'
import { ApplicationNotification, type ApplicationNotificationProps } from './application-notification.tsx'
import { RequestConfirmation, type RequestConfirmationProps } from './request-confirmation.tsx'
import { RequestNotification, type RequestNotificationProps } from './request-notification.tsx'

/** Templates the outbox worker renders when it sends, so a request only stores their values. */
export type QueuedTemplate =
  | { name: 'request-notification'; props: RequestNotificationProps }
  | { name: 'request-confirmation'; props: RequestConfirmationProps }
  | { name: 'application-notification'; props: ApplicationNotificationProps }
  | { name: 'application-confirmation'; props: { contactName: string } }

export function renderQueuedTemplate(template: QueuedTemplate): Promise<{ html: string; text: string }> {
  switch (template.name) {
    case 'request-notification':
      return renderEmail(createElement(RequestNotification, template.props))
    case 'request-confirmation':
      return renderEmail(createElement(RequestConfirmation, template.props))
    case 'application-notification':
      return renderEmail(createElement(ApplicationNotification, template.props))
    case 'application-confirmation':
      return renderEmail(createElement(ApplicationConfirmation, template.props))
  }
}

export function parseQueuedTemplate(name: string, props: string): QueuedTemplate {
  const known: QueuedTemplate['name'][] = ['request-notification', 'request-confirmation', 'application-notification', 'application-confirmation']
  if (!known.includes(name as QueuedTemplate['name'])) throw new Error(`unknown e-mail template ${JSON.stringify(name)}`)
  return { name, props: JSON.parse(props) } as QueuedTemplate
}
