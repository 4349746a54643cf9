import { Writable } from 'node:stream';

/** A pino destination for tests: keeps what was written, as text and as parsed JSON lines. */
export class LogCapture {
  private readonly chunks: string[] = [];

  readonly stream = new Writable({
    write: (chunk, _encoding, done) => {
      this.chunks.push(String(chunk));
      done();
    },
  });

  /** Everything written so far. */
  text(): string {
    return this.chunks.join('');
  }

  /** Every line written so far, parsed. */
  lines(): Array<Record<string, unknown>> {
    return this.text()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}
