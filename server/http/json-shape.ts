/**
 * Watches the bytes of a JSON body as they arrive and tells, before anything is decoded, whether a string is longer
 * than its place allows: a quote's body may be 21 MB, but only because of its attachments' data URLs, and a 20 MB
 * description would otherwise be read, decoded and parsed whole before its schema refused it. One pass, constant
 * work per byte; it does not validate the JSON (JSON.parse does, afterwards), it only bounds its strings.
 */

type Frame = { type: 'object'; key: string | null; expectKey: boolean } | { type: 'array' }

/** Where long strings may be: a path of object keys, with '*' for any array element. */
export type LongStringPath = readonly string[]

const QUOTE = 0x22
const BACKSLASH = 0x5c
/** Keys longer than this are not any of ours: they are kept as an unmatched marker, not in full. */
const MAX_KEY_BYTES = 64

export class JsonShape {
  readonly #stack: Frame[] = []
  #inString = false
  #escape = false
  #isKey = false
  #stringBytes = 0
  #key: number[] = []
  #longAllowed = false

  constructor(
    /** The longest string, in bytes as sent, allowed anywhere else. */
    private readonly maxStringBytes: number,
    private readonly longStringPaths: readonly LongStringPath[],
  ) {}

  /** Feeds the next chunk: what is wrong as soon as a string is too long for its place or the body is not an object. */
  feed(chunk: Uint8Array): 'too-long' | 'not-an-object' | null {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!
      if (this.#inString) {
        if (this.#escape) this.#escape = false
        else if (byte === BACKSLASH) this.#escape = true
        else if (byte === QUOTE) {
          this.#endString()
          continue
        }
        this.#stringBytes++
        if (this.#stringBytes > this.maxStringBytes && !this.#longAllowed) return 'too-long'
        if (this.#isKey && this.#key.length <= MAX_KEY_BYTES) this.#key.push(byte)
        continue
      }
      switch (byte) {
        case QUOTE: {
          const top = this.#stack.at(-1)
          this.#inString = true
          this.#stringBytes = 0
          this.#isKey = top?.type === 'object' && top.expectKey
          this.#key = []
          this.#longAllowed = !this.#isKey && this.#atLongStringPath()
          break
        }
        case 0x7b: // {
          this.#stack.push({ type: 'object', key: null, expectKey: true })
          break
        case 0x5b: // [
          if (this.#stack.length === 0) return 'not-an-object'
          this.#stack.push({ type: 'array' })
          break
        case 0x7d: // }
        case 0x5d: // ]
          this.#stack.pop()
          break
        case 0x3a: {
          // :
          const top = this.#stack.at(-1)
          if (top?.type === 'object') top.expectKey = false
          break
        }
        case 0x2c: {
          // ,
          const top = this.#stack.at(-1)
          if (top?.type === 'object') top.expectKey = true
          break
        }
        default:
          // Anything but whitespace before the body's first brace means it is not an object.
          if (this.#stack.length === 0 && byte !== 0x20 && byte !== 0x0a && byte !== 0x0d && byte !== 0x09) return 'not-an-object'
      }
    }
    return null
  }

  #endString() {
    this.#inString = false
    if (!this.#isKey) return
    const top = this.#stack.at(-1)
    if (top?.type === 'object') top.key = this.#key.length > MAX_KEY_BYTES ? null : Buffer.from(this.#key).toString('utf8')
  }

  #atLongStringPath(): boolean {
    return this.longStringPaths.some(
      (path) =>
        path.length === this.#stack.length &&
        path.every((step, depth) => {
          const frame = this.#stack[depth]!
          // A frame's key is the key of the value being read inside it: the path's step at that depth.
          return step === '*' ? frame.type === 'array' : frame.type === 'object' && frame.key === step
        }),
    )
  }
}
