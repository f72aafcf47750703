import { writeSync } from 'node:fs';

/** What may wait in memory for a stdout that is not being read: about 30,000 request lines. */
export const STDOUT_BACKLOG_LIMIT_BYTES = 8 * 1024 * 1024;

/** The part of a stream this destination uses (process.stdout, or a test's stream). */
export interface LineStream {
  write(chunk: string): boolean;
  readonly writableLength: number;
  on(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'drain', listener: () => void): unknown;
}

/**
 * The logger's destination: lines go to stdout, and the event loop never waits for whoever reads
 * it (a container runtime's log driver, journald, a pipe into another program).
 *
 * Writing to stdout synchronously, as pino's sync destination does, stops the whole process while
 * the pipe is full: no request is answered and no SEFAZ answer is read until the reader catches
 * up. process.stdout writes a line at once while the pipe has room, so a process killed right
 * after logging has still handed every line to the pipe, and holds lines in memory while it has
 * none. This bounds that memory: past `limitBytes` waiting, lines are dropped and counted, and the
 * count is reported once the reader has caught up. If the reader goes away for good (EPIPE), lines
 * are dropped from then on instead of the error ending the process.
 */
export class StdoutLines {
  readonly #out: LineStream;
  readonly #limitBytes: number;
  #dropped = 0;
  #closed = false;
  /** Called with the number of lines dropped, once the backlog has been written. */
  onDropped: (lines: number) => void = () => {};

  constructor(out: LineStream = process.stdout, limitBytes = STDOUT_BACKLOG_LIMIT_BYTES) {
    this.#out = out;
    this.#limitBytes = limitBytes;
    out.on('error', (error: NodeJS.ErrnoException) => {
      if (this.#closed) return;
      this.#closed = true;
      reportOnStderr(
        `stdout failed (${error.code ?? error.message}): log lines are dropped from now on`,
      );
    });
  }

  write(line: string): void {
    if (this.#closed) return;
    if (this.#out.writableLength + line.length > this.#limitBytes) {
      // A full backlog means the last write returned false, so 'drain' is still to come.
      if (this.#dropped++ === 0) this.#out.once('drain', () => this.#reportDropped());
      return;
    }
    this.#out.write(line);
  }

  #reportDropped(): void {
    const lines = this.#dropped;
    this.#dropped = 0;
    this.onDropped(lines);
  }
}

/** One line on stderr, which may be read when stdout is not; never throws. */
function reportOnStderr(message: string): void {
  try {
    writeSync(2, `emissor-api: ${message}\n`);
  } catch {
    // stderr is gone too: nowhere left to say it.
  }
}

/**
 * Resolves once process.stdout holds nothing more to write, or after `timeoutMs`: process.exit
 * discards a pipe's backlog, and the lines of a shutdown are the ones an operator looks for.
 */
export async function stdoutWritten(
  timeoutMs: number,
  out: Pick<LineStream, 'writableLength'> = process.stdout,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (out.writableLength > 0 && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/** process.exit(code) once the log lines still waiting for stdout are written (at most 2 s). */
export function exitWhenLogsWritten(code: number): void {
  void stdoutWritten(2_000).then(() => process.exit(code));
}
