import { createHash } from 'node:crypto'

/** SHA-256 in hex: how tokens, codes and throttle keys are stored, so the table never holds the value itself. */
export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex')
