import type { inferRouterOutputs } from '@trpc/server'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { AppRouter } from '#server/trpc/router.ts'
import { trpcClient } from '#src/lib/trpc-client.ts'
import { solveProofOfWork } from './proof-of-work.ts'

type Challenge = inferRouterOutputs<AppRouter>['requests']['captcha']

/**
 * A fresh signed captcha from the server for each form shown, and its proof of work solved in the background while
 * the visitor types; both single use, so new ones are asked after every attempt.
 */
export function useCaptcha() {
  const [challenge, setChallenge] = useState<Challenge | undefined>(undefined)
  // Asked when the form's code starts, that is once the visitor reaches for the form: not for every page view.
  const [loading, setLoading] = useState(false)
  const [failed, setFailed] = useState(false)
  const request = useRef(0)
  const work = useRef<{ controller: AbortController; solution: Promise<string | null> } | null>(null)

  const refresh = useCallback(() => {
    const mine = ++request.current
    work.current?.controller.abort()
    work.current = null
    setLoading(true)
    setFailed(false)
    trpcClient()
      .then((client) => client.requests.captcha.query())
      .then(
        (next) => {
          if (mine !== request.current) return
          const controller = new AbortController()
          const solution = solveProofOfWork(next.proofOfWork, controller).catch(() => null)
          work.current = { controller, solution }
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
    // One task later: the island marks itself hydrated in this same commit, so the form answers keys before the tRPC
    // client's files are asked for (docs/decisions/062).
    const ask = setTimeout(refresh, 0)
    return () => {
      clearTimeout(ask)
      request.current++
      work.current?.controller.abort()
    }
  }, [refresh])

  /** The solved proof of work for the current captcha: usually ready long before the visitor presses send. */
  const proofOfWork = useCallback(async () => (work.current ? await work.current.solution : null) ?? '', [])

  return { challenge, loading, failed, refresh, proofOfWork }
}
