import net from 'node:net';

export interface RawHttpResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/**
 * One TCP connection speaking HTTP/1.1 by hand, for what fetch cannot do: send a request in
 * pieces (headers now, the body later or never), send it at an exact moment, and see how the
 * connection ends (closed, or reset: ECONNRESET).
 */
export class RawHttpConnection {
  private buffer = Buffer.alloc(0);
  private ended: { error?: string } | undefined;
  private readonly waiters = new Set<() => void>();
  /** Resolves when the connection is gone, with the socket error that ended it, if any. */
  readonly closed: Promise<{ error?: string }>;

  private constructor(private readonly socket: net.Socket) {
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.wake();
    });
    socket.on('error', (cause: NodeJS.ErrnoException) => (error = cause.code ?? cause.message));
    this.closed = new Promise((resolve) =>
      socket.once('close', () => {
        this.ended = error ? { error } : {};
        this.wake();
        resolve(this.ended);
      }),
    );
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawHttpConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host });
      socket.once('error', reject);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawHttpConnection(socket));
      });
    });
  }

  /** Resolves once the bytes are handed to the kernel (on loopback: in the server's receive buffer). */
  write(text: string): Promise<void> {
    return new Promise((resolve, reject) => this.socket.write(text, (error) => (error ? reject(error) : resolve())));
  }

  /**
   * The next answer on this connection (Content-Length or chunked body). Rejects with the socket
   * error (`ECONNRESET`) or `closed without an answer` when the connection ends first.
   */
  async response(timeoutMs = 10_000): Promise<RawHttpResponse> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const parsed = this.parse();
      if (parsed) return parsed;
      if (this.ended) throw new Error(this.ended.error ?? 'closed without an answer');
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no answer within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, left);
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.waiters.add(wake);
      });
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  private wake(): void {
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  private parse(): RawHttpResponse | undefined {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0) return undefined;
    const [statusLine, ...lines] = this.buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
    const rest = this.buffer.subarray(headEnd + 4);
    let body: Buffer;
    let used: number;
    if (headers['transfer-encoding'] === 'chunked') {
      const end = rest.indexOf('0\r\n\r\n');
      if (end < 0) return undefined;
      body = Buffer.concat(chunksOf(rest.subarray(0, end)));
      used = end + 5;
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (rest.length < length) return undefined;
      body = rest.subarray(0, length);
      used = length;
    }
    this.buffer = rest.subarray(used);
    return { status: Number(statusLine!.split(' ')[1]), headers, body: body.toString('utf8') };
  }
}

function chunksOf(data: Buffer): Buffer[] {
  const chunks: Buffer[] = [];
  let at = 0;
  while (at < data.length) {
    const lineEnd = data.indexOf('\r\n', at);
    const size = Number.parseInt(data.subarray(at, lineEnd).toString('latin1'), 16);
    chunks.push(data.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
  return chunks;
}
