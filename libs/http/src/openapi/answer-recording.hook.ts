import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { answersFileName, documentFileName, type RecordedAnswer } from '@suite/contracts';

/** Different shapes of answer kept per route and status: enough to see each variant, small enough to check in a second. */
const SHAPES_PER_ANSWER = 8;
/** Bodies larger than this are recorded without their body (a streamed export, a huge list). */
const MAX_BODY_CHARS = 256 * 1024;

/**
 * Records a sample of the app's answers for the contract check (decision 0026): for each route,
 * method, status and content type, one answer per distinct body shape (keys and value types, not
 * values), with the OpenAPI document the process serves. Only in tests (ANSWER_RECORDING_VARIABLE):
 * an `onSend` hook that returns the payload untouched and never fails the answer.
 */
export function registerAnswerRecording(
  instance: FastifyInstance,
  options: { appName: string; dir: string; document: () => OpenAPIObject },
): void {
  const seen = new Set<string>();
  const shapesPerAnswer = new Map<string, number>();
  let documentHash: string | undefined;
  const documentId = (): string => {
    if (documentHash) return documentHash;
    const text = JSON.stringify(options.document());
    const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
    mkdirSync(path.join(options.dir, 'documents'), { recursive: true });
    writeFileSync(path.join(options.dir, documentFileName(hash)), text);
    documentHash = hash;
    return hash;
  };
  const file = path.join(options.dir, answersFileName(options.appName, process.pid));

  instance.addHook('onSend', async (request, reply, payload) => {
    try {
      const template = request.routeOptions.url;
      if (!template) return payload;
      const route = template.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      const contentType = headerText(reply.getHeader('content-type'));
      const body = bodyText(payload);
      const answer = `${request.method} ${route} ${reply.statusCode} ${contentType ?? ''}`;
      const key = `${answer} ${shapeOf(body, contentType)}`;
      if (seen.has(key) || (shapesPerAnswer.get(answer) ?? 0) >= SHAPES_PER_ANSWER) return payload;
      seen.add(key);
      shapesPerAnswer.set(answer, (shapesPerAnswer.get(answer) ?? 0) + 1);
      const record: RecordedAnswer = {
        app: options.appName,
        document: documentId(),
        method: request.method,
        route,
        status: reply.statusCode,
        contentType,
        body,
      };
      appendFileSync(file, `${JSON.stringify(record)}\n`);
    } catch {
      // A record lost is a sample lost; the answer itself must never suffer for it.
    }
    return payload;
  });
}

function headerText(value: unknown): string | null {
  if (Array.isArray(value)) return value.join(', ');
  return value === undefined || value === null ? null : String(value);
}

function bodyText(payload: unknown): string | null {
  if (typeof payload === 'string') return payload.length <= MAX_BODY_CHARS ? payload : null;
  if (Buffer.isBuffer(payload)) return payload.length <= MAX_BODY_CHARS ? payload.toString('utf8') : null;
  if (payload === null || payload === undefined) return '';
  return null; // a stream
}

/** A body's structure — keys and value types, arrays as the union of their items' — so answers differing only in values count once. */
function shapeOf(body: string | null, contentType: string | null): string {
  if (body === null) return 'unrecorded';
  if (!contentType?.includes('json')) return body === '' ? 'empty' : 'text';
  try {
    return structure(JSON.parse(body), 0);
  } catch {
    return 'not-json';
  }
}

function structure(value: unknown, depth: number): string {
  if (depth > 8) return '…';
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${[...new Set(value.map((item) => structure(item, depth + 1)))].sort().join('|')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${key}:${structure(item, depth + 1)}`).join(',')}}`;
  }
  return typeof value;
}
