// Left only for server/http/unsubscribe.ts, being rewritten elsewhere: it imports from suppressions.ts once that lands, and this file goes.
export { isEmailSuppressed, suppressEmail } from './suppressions.ts'
