// What the thank-you page says about the request just sent, and the lead id its conversion is counted with.
const KEY = 'artigiani.richiesta'

/** `promiseDue`: when a craftsman should have called, as the server wrote it ("mercoledì 2 dicembre alle 14:00"). */
export type RequestSummary = { serviceName: string; leadId?: number; promiseDue?: string }

export function saveRequestSummary(summary: RequestSummary) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(summary))
  } catch {
    // Storage can be disabled: the thank-you page gives the generic thanks.
  }
}

export function readRequestSummary(): RequestSummary | undefined {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Partial<RequestSummary> | null
    if (!parsed || typeof parsed.serviceName !== 'string') return undefined
    return {
      serviceName: parsed.serviceName,
      leadId: typeof parsed.leadId === 'number' ? parsed.leadId : undefined,
      promiseDue: typeof parsed.promiseDue === 'string' ? parsed.promiseDue : undefined,
    }
  } catch {
    return undefined
  }
}
