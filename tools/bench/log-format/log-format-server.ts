import Fastify from 'fastify';
import pino from 'pino';
import { prettyFactory } from 'pino-pretty';
import {
  createRootLogger,
  prettyLogStream,
  registerRequestLogging,
  registerRequestTraceContext,
  requestIdFor,
} from '@suite/observability';

/**
 * The target of `npm run bench:log-format`: a Fastify server with every app's request hooks (trace
 * context, one log line per request) and an app's root logger, writing to stdout in the format
 * BENCH_LOG_DESTINATION names: `json`, `pretty-worker` (what LOG_FORMAT=pretty uses) or
 * `pretty-in-process` (pino-pretty formatting on the main thread, the alternative not taken).
 */
function destination(name: string | undefined): pino.DestinationStream | undefined {
  if (name === 'pretty-worker') return prettyLogStream();
  if (name === 'pretty-in-process') {
    const format = prettyFactory({ translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname,req,res,responseTime,trace_id' });
    const stdout = pino.destination({ dest: 1, sync: true });
    return { write: (line: string) => stdout.write(format(line)) };
  }
  return undefined;
}

const logger = createRootLogger('bench', 'info', destination(process.env['BENCH_LOG_DESTINATION']));
const server = Fastify({ genReqId: requestIdFor });
registerRequestTraceContext(server);
registerRequestLogging(server, logger);
server.get('/health/ready', async () => 'ok');
server.get('/v1/messages/:id', async (request) => ({ id: (request.params as { id: string }).id, status: 'queued' }));
void server.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
