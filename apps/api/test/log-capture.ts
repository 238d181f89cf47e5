import { Writable } from 'node:stream';

/**
 * A log stream for buildTestApp's `deps.logStream` that keeps what the app writes, one entry
 * a write, in `lines` (a test may empty it with `lines.length = 0`).
 */
export function logCapture(): { lines: string[]; logStream: Writable } {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logStream };
}
