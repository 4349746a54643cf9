import type { IncomingHttpHeaders } from 'node:http';

/** Whether the request's body was sent as `mediaType` (parameters such as charset ignored, case-insensitive). */
export function hasMediaType(request: { headers: IncomingHttpHeaders }, mediaType: string): boolean {
  const header = request.headers['content-type'];
  return typeof header === 'string' && header.split(';')[0]!.trim().toLowerCase() === mediaType;
}
