import { Fragment } from 'react'
import { pluralOf } from '#shared/plural.ts'

/** 'MAIL_FROM, NOTIFY_EMAIL e SES_REGION': the names as an Italian list. */
function settingNames(names: string[]) {
  return names.map((name, i) => (
    <Fragment key={name}>
      {i === 0 ? '' : i === names.length - 1 ? ' e ' : ', '}
      <code className="font-mono text-[0.9em]">{name}</code>
    </Fragment>
  ))
}

/**
 * Tells the administrator that this server sends no e-mail: what stays waiting because of it, and which of its
 * settings are missing (README, Mail).
 */
export function MailNotConfigured({ waiting, missing }: { waiting: string; missing: string[] }) {
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p className="font-semibold">Invio email non configurato</p>
      <p className="mt-1">
        {waiting} finché sul server non {pluralOf(missing.length, 'viene impostato', 'vengono impostati')} {settingNames(missing)}.
      </p>
    </div>
  )
}
