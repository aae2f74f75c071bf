// ALTCHA's own worker loop, with WebCrypto's PBKDF2 instead of node:crypto's: the browser's native hashing.
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2'
import { handler } from 'altcha-lib/workers/shared'

handler({ deriveKey })
