/**
 * Which compressed copy of a body to send, from the client's Accept-Encoding (RFC 9110, section 12.5.3): the page
 * cache and the build's files choose with this one function, whichever path (Hono or the fast path) answers.
 */

export type Encoding = 'br' | 'gzip'

type Weights = { br: number; gzip: number }

// A q-value: 0 to 1 with at most three decimals.
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/

/** The weight the client gives brotli and gzip; a coding it does not name takes the weight of `*`, or 0. */
function parseWeights(header: string): Weights {
  let br: number | undefined
  let gzip: number | undefined
  let any: number | undefined
  for (const element of header.split(',')) {
    const [name = '', ...params] = element.split(';')
    const coding = name.trim().toLowerCase()
    if (coding !== 'br' && coding !== 'gzip' && coding !== 'x-gzip' && coding !== '*') continue
    let q = 1
    for (const param of params) {
      const [key = '', value = ''] = param.split('=')
      if (key.trim().toLowerCase() !== 'q') continue
      // A weight that does not parse is no consent: the body goes as it is rather than in a coding the client refused.
      q = QVALUE.test(value.trim()) ? Number(value.trim()) : 0
    }
    if (coding === 'br') br = Math.max(br ?? 0, q)
    else if (coding === '*') any = Math.max(any ?? 0, q)
    else gzip = Math.max(gzip ?? 0, q)
  }
  return { br: br ?? any ?? 0, gzip: gzip ?? any ?? 0 }
}

// Clients send a handful of distinct headers; remembering the last ones keeps parsing off the hot path.
const MAX_REMEMBERED = 64
const remembered = new Map<string, Weights>()

function weightsOf(header: string): Weights {
  let weights = remembered.get(header)
  if (!weights) {
    if (header.length > 256) return parseWeights(header)
    if (remembered.size >= MAX_REMEMBERED) remembered.clear()
    weights = parseWeights(header)
    remembered.set(header, weights)
  }
  return weights
}

/**
 * The coding to send among those there is a copy of: the one the client weighs most, brotli on a tie (it is smaller);
 * undefined sends the body as it is, which every client takes.
 */
export function chooseEncoding(acceptEncoding: string | undefined, available: { br: boolean; gzip: boolean }): Encoding | undefined {
  if (!acceptEncoding) return undefined
  const weights = weightsOf(acceptEncoding)
  const br = available.br ? weights.br : 0
  const gzip = available.gzip ? weights.gzip : 0
  if (br > 0 && br >= gzip) return 'br'
  if (gzip > 0) return 'gzip'
  return undefined
}
