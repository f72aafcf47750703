import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * Structured JSON logs. Redaction is a second line of defence: request logging only ever records
 * method, route, status and timing, never headers or bodies, so keys and passwords do not get in.
 *
 * Without a destination, lines go to stdout with one synchronous write each. pino's default
 * hands every line to the libuv thread pool instead (a wake-up of a pool thread, and of the event
 * loop when it is done), which cost the event loop ~35 µs more per emission on the bench machine
 * (one request line each; bench/comparisons.md §7), and a line is on stdout before the next
 * request's work starts, so a crash or kill -9 loses none.
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
    (destination as pino.DestinationStream | undefined) ??
      pino.destination({ dest: 1, sync: true }),
  );
}
