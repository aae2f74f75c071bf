import type { Challenge, solveChallenge } from 'altcha-lib'

/**
 * Solves the form's proof of work in Web Workers, so typing never stutters; resolves to ALTCHA's payload (JSON in
 * base64) for the submission, or null when aborted. ALTCHA's code loads here, with the form's captcha, after the form
 * has hydrated: not with the form itself.
 */
export async function solveProofOfWork(challenge: Challenge, controller: AbortController): Promise<string | null> {
  const { solveChallenge, solveChallengeWorkers } = await import('altcha-lib')
  let solution: Awaited<ReturnType<typeof solveChallenge>>
  try {
    solution = await solveChallengeWorkers({
      challenge,
      controller,
      // Two to four tries in parallel: a phone's big cores, without taking every core of a laptop.
      concurrency: Math.min(4, Math.max(2, navigator.hardwareConcurrency || 2)),
      createWorker: () => new Worker(new URL('./proof-of-work.worker.ts', import.meta.url), { type: 'module' }),
    })
  } catch {
    if (controller.signal.aborted) return null
    // A browser without module workers solves it on the page: slower, still well within the time to fill the form.
    const { deriveKey } = await import('altcha-lib/algorithms/web/pbkdf2')
    solution = await solveChallenge({ challenge, controller, deriveKey })
  }
  if (!solution || controller.signal.aborted) return null
  return btoa(JSON.stringify({ challenge, solution }))
}
