import sesEmulator from 'aws-ses-v2-local'

// The package is CommonJS compiled from ES modules: under Node's own ES module loader its default import is the whole
// `exports` object, whose `default` is the function; a bundler hands over the function itself.
const startSesEmulator = (sesEmulator as unknown as { default?: typeof sesEmulator }).default ?? sesEmulator

/** aws-ses-v2-local for `npm run dev`: an SES endpoint that keeps what it receives and shows it at its own URL. */
export async function startLocalSes(port: number) {
  const server = await startSesEmulator({ host: '127.0.0.1', port })
  const url = `http://127.0.0.1:${port}`
  // The emulator does not check signatures, but the SDK needs credentials to sign with.
  process.env.AWS_ACCESS_KEY_ID ??= 'local'
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local'
  return {
    url,
    env: {
      SES_ENDPOINT: url,
      SES_REGION: 'eu-south-1',
      MAIL_FROM: 'Artigiani Milano <noreply@artigianimilano.it>',
      NOTIFY_EMAIL: 'richieste@artigianimilano.it',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
