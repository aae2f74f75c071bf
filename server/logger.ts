import { pino } from 'pino'

export function createLogger(level: string) {
  return pino({
    level,
    base: undefined,
    redact: { paths: ['*.password', '*.email', '*.phone', 'req.headers.cookie'], censor: '[redacted]' },
  })
}

export type Logger = ReturnType<typeof createLogger>
