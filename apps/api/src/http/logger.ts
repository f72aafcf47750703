import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Redaction is a second line of defence: request logging only ever records
 * method, route, status and timing, never headers or bodies, so keys and passwords do not get in.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { service: 'emissor-api' },
      redact: {
        paths: [
          '*.password',
          '*.api_key',
          '*.apiKey',
          '*["x-api-key"]',
          '*.authorization',
          'password',
          'api_key',
        ],
        censor: '[redacted]',
      },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination as pino.DestinationStream | undefined,
  );
}
