/**
 * The webhook receiver of `npm run bench:webhooks`, its own process (forked with IPC by
 * receiver.ts) so its event loop is shared with neither the app nor the driver: a node:http server
 * on 127.0.0.1 answering 200 as soon as a request's body is read, or never for a path told to
 * "hang". It records each request's receipt time, path and `webhook-id`, and reports them on demand.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { ReceiptDump, ReceiverBehaviour, ReceiverCommand, ReceiverReply } from './receiver-protocol';

const send = (reply: ReceiverReply) => process.send!(reply);
const behaviours = new Map<string, ReceiverBehaviour>();
const hanging = new Set<ServerResponse>();
let receipts: ReceiptDump = { at: [], paths: [], ids: [] };
let connections = 0;
const now = () => performance.timeOrigin + performance.now();

const server = createServer((request, response) => {
  request.on('data', () => undefined);
  request.on('end', () => {
    const path = request.url ?? '';
    receipts.at.push(now());
    receipts.paths.push(path);
    const id = request.headers['webhook-id'];
    receipts.ids.push(typeof id === 'string' ? id : '');
    if (behaviours.get(path) === 'hang') {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' }).end('ok');
  });
});
server.on('connection', () => connections++);
// A hanging request waits for the sender's timeout, not ours.
server.requestTimeout = 0;
server.headersTimeout = 0;
server.keepAliveTimeout = 30_000;

function counts() {
  const byPath: Record<string, number> = {};
  for (const path of receipts.paths) byPath[path] = (byPath[path] ?? 0) + 1;
  return { total: receipts.at.length, connections, byPath };
}

process.on('message', (command: ReceiverCommand) => {
  switch (command.kind) {
    case 'behave':
      behaviours.set(command.path, command.behaviour);
      return send({ id: command.id, kind: 'done' });
    case 'reset':
      receipts = { at: [], paths: [], ids: [] };
      connections = 0;
      return send({ id: command.id, kind: 'done' });
    case 'count':
      return send({ id: command.id, kind: 'done', counts: counts() });
    case 'dump':
      return send({ id: command.id, kind: 'done', dump: receipts });
    case 'release':
      for (const response of hanging) response.destroy();
      hanging.clear();
      return send({ id: command.id, kind: 'done' });
  }
});
// The parent gone (or disconnecting): stop at once.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => send({ kind: 'ready', port: (server.address() as AddressInfo).port }));
