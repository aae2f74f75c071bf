import type { inferRouterOutputs } from '@trpc/server'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AppRouter } from '../../../server/trpc/router.ts'
import { trpcClient } from '../../lib/trpc-client.ts'

type Challenge = inferRouterOutputs<AppRouter>['requests']['captcha']

/** A fresh signed addition from the server for each form shown; single use, so a new one is asked after every attempt. */
export function useCaptcha() {
  const [challenge, setChallenge] = useState<Challenge | undefined>(undefined)
  // Asked when the form's code starts, that is once the visitor reaches for the form: not for every page view.
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const request = useRef(0)

  const refresh = useCallback(() => {
    const mine = ++request.current
    setLoading(true)
    setFailed(false)
    trpcClient()
      .then((client) => client.requests.captcha.query())
      .then(
        (next) => {
          if (mine !== request.current) return
          setChallenge(next)
          setLoading(false)
        },
        () => {
          if (mine !== request.current) return
          setChallenge(undefined)
          setFailed(true)
          setLoading(false)
        },
      )
  }, [])

  useEffect(() => {
    refresh()
    return () => {
      request.current++
    }
  }, [refresh])

  return { challenge, loading, failed, refresh }
}
