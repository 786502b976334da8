/**
 * Writing to stdout (and output files) like a Unix tool: a write waits while the reader is
 * behind (a slow pipe gets every line, and memory stays flat), and a reader that went away
 * (`| head -1`: EPIPE) ends the run quietly instead of with a stack trace.
 *
 * Writing to fd 1 with `fs.writeSync` failed with EAGAIN on a full non-blocking pipe (issue 23:
 * 13 of 58 lines reached a slow reader); a stream with its 'drain' event does not.
 */
import type { Writable } from 'node:stream';

/** The reader closed the pipe: stop producing output; the command ends with exit 0. */
export class OutputClosed extends Error {
  constructor() {
    super('the reader of the output went away');
    this.name = 'OutputClosed';
  }
}

function closedByReader(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED' || code === 'ECONNRESET';
}

/** A stream written line by line with backpressure; its errors are kept and thrown by the next write. */
export class OutputWriter {
  private failure: unknown;

  constructor(readonly stream: Writable) {
    // Without a listener an EPIPE is an uncaught exception.
    stream.on('error', (error) => {
      this.failure ??= error;
    });
  }

  /** Writes `text`; waits for 'drain' when the stream's buffer is full. */
  async write(text: string): Promise<void> {
    this.check();
    if (!this.stream.write(text)) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          this.stream.off('drain', done);
          this.stream.off('error', done);
          this.stream.off('close', done);
          resolve();
        };
        this.stream.on('drain', done);
        this.stream.on('error', done);
        this.stream.on('close', done);
      });
    }
    this.check();
  }

  /** Ends the stream (a file: flushed and closed). stdout is left open. */
  async end(): Promise<void> {
    this.check();
    if (this.stream === process.stdout) return;
    await new Promise<void>((resolve, reject) => this.stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
    this.check();
  }

  private check(): void {
    if (this.failure === undefined) return;
    if (closedByReader(this.failure)) throw new OutputClosed();
    throw this.failure;
  }
}

let stdoutWriter: OutputWriter | undefined;

/** The one writer of process.stdout (its error listener is installed once). */
export function stdout(): OutputWriter {
  return (stdoutWriter ??= new OutputWriter(process.stdout));
}

/** Writes to stdout with backpressure (see `OutputWriter`). */
export function writeStdout(text: string): Promise<void> {
  return stdout().write(text);
}
