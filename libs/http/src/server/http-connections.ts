import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Connection {
  /** Answers begun and not yet finished (more than one only when the client pipelines). */
  readonly responses: Set<ServerResponse>;
  /** The last sign of use: accepted, an answer finished, bytes read (seen by `closeQuiet`). */
  lastActive: number;
  bytesSeen: number;
}

const tracked = new WeakMap<Server, HttpConnections>();

/**
 * The open connections of one app's HTTP server and whether each is busy, known from its first
 * connection on, so that a drain (bootstrap/graceful-shutdown.ts) can tell a connection between
 * two requests from one whose request is being handled or is arriving. Node's own notion of an
 * idle connection (`closeIdleConnections`) counts only what its parser has read: a connection
 * whose next request is still in the socket's receive buffer, unread because the event loop is
 * busy, looks idle, and closing it makes the kernel answer that request with a reset.
 *
 * Costs one Set entry and one 'close' listener per request.
 */
export class HttpConnections {
  private readonly open = new Map<Socket, Connection>();
  private draining = false;

  private constructor(server: Server) {
    server.on('connection', (socket: Socket) => {
      this.open.set(socket, { responses: new Set(), lastActive: Date.now(), bytesSeen: socket.bytesRead });
      socket.once('close', () => this.open.delete(socket));
    });
    // Before the app's own listener, so a request arriving during a drain is marked first.
    server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
      if (this.draining) response.shouldKeepAlive = false;
      const connection = this.open.get(request.socket);
      if (!connection) return;
      connection.responses.add(response);
      response.once('close', () => {
        connection.responses.delete(response);
        connection.lastActive = Date.now();
      });
    });
  }

  /** The tracker of `server`, installed on first use: before `listen`, or it misses earlier connections. */
  static of(server: Server): HttpConnections {
    let connections = tracked.get(server);
    if (!connections) {
      connections = new HttpConnections(server);
      tracked.set(server, connections);
    }
    return connections;
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * From now on every answer says `Connection: close` and closes its connection after it: the
   * answers not yet begun and those of requests still to arrive on open connections. Each open
   * connection counts as active now, so `closeQuiet` leaves it its whole quiet period.
   */
  beginDrain(): void {
    this.draining = true;
    const now = Date.now();
    for (const [socket, connection] of this.open) {
      connection.lastActive = now;
      connection.bytesSeen = socket.bytesRead;
      for (const response of connection.responses) if (!response.headersSent) response.shouldKeepAlive = false;
    }
  }

  /**
   * Closes the connections with no answer in progress that have read nothing and finished no
   * answer for `quietMs`. A request still arriving (headers or body in pieces) keeps its
   * connection open, since the bytes it reads count as activity.
   */
  closeQuiet(quietMs: number): void {
    const now = Date.now();
    for (const [socket, connection] of this.open) {
      if (socket.bytesRead !== connection.bytesSeen) {
        connection.bytesSeen = socket.bytesRead;
        connection.lastActive = now;
      } else if (connection.responses.size === 0 && now - connection.lastActive >= quietMs) {
        socket.destroy();
      }
    }
  }

  /** The requests on `socket` whose body has not all arrived yet. */
  unfinishedRequests(socket: Socket): IncomingMessage[] {
    return [...(this.open.get(socket)?.responses ?? [])].map((response) => response.req).filter((request) => !request.complete);
  }

  /** Cuts every connection, busy or not (the drain's deadline). */
  closeAll(): void {
    for (const socket of this.open.keys()) socket.destroy();
  }
}
