import { pino, type Logger } from 'pino';

import { StdoutLines } from './stdout-lines.js';

export type { Logger };

/**
 * Structured JSON logs. Redaction is a second line of defence: request logging only ever records
 * method, route, status and timing, never headers or bodies, so keys and passwords do not get in.
 *
 * Without a destination, lines go to stdout through StdoutLines: written at once while the reader
 * keeps up, so a crash or kill -9 right after a line has lost none of them, and held in memory
 * (bounded) while it does not, so a stalled log reader never stops the event loop. pino's own
 * destinations do one or the other: its synchronous one waits for a full pipe (the process stops),
 * its asynchronous one hands every line to the libuv thread pool, which cost the event loop ~35 µs
 * more per emission on the bench machine (bench/results/comparisons.md §7).
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const stdout = destination ? undefined : new StdoutLines();
  const logger = pino(
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
    (destination as pino.DestinationStream | undefined) ?? stdout,
  );
  if (stdout)
    stdout.onDropped = (lines) =>
      logger.warn({ dropped_lines: lines }, 'log lines dropped: stdout was not being read');
  return logger;
}
