import { createFileRoute, Link, redirect } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { SIGN_IN_TOKEN_PATTERN } from '#shared/artisan-sign-in.ts'
import { CodeForm, SignInFrame } from './-components/sign-in.tsx'

export const Route = createFileRoute('/artigiano/codice')({
  beforeLoad: ({ context }) => {
    if (context.artisan) throw redirect({ to: '/artigiano/offerte', replace: true })
  },
  component: CodePage,
})

/** The link's token, from the fragment the link's redirect put it in: never sent to the server in a page's address. */
function tokenOfFragment(): string | undefined {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('t') ?? ''
  return SIGN_IN_TOKEN_PATTERN.test(token) ? token : undefined
}

/**
 * Where a sign-in link lands when it was opened in a browser other than the one that asked for it (a mail app's own
 * browser): nothing was spent, and the mail's code signs this browser in.
 */
function CodePage() {
  // Read once the page runs in the browser: the server never sees the fragment.
  const [token, setToken] = useState<string | undefined>()
  // Then the fragment leaves the address bar and the history (the link in the mail opens this page again).
  useEffect(() => {
    setToken(tokenOfFragment())
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search)
  }, [])
  return (
    <SignInFrame
      title="Inserisci il codice"
      description={
        <p>
          Hai aperto il link in un browser diverso da quello con cui hai chiesto l'accesso. Per entrare da qui, inserisci il codice di 6 cifre che trovi nella
          stessa email.
        </p>
      }
    >
      <CodeForm token={token} />
      <p className="mt-5 text-center text-sm text-muted">
        Email scaduta o non trovata?{' '}
        <Link to="/artigiano/accedi" className="font-medium text-trade-700 underline">
          Chiedi un nuovo link
        </Link>
      </p>
    </SignInFrame>
  )
}
