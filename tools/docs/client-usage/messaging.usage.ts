// A consumer of the messaging API, written against the client generated from its /docs-json
// (openapi-clients.spec.ts generates `./messaging.openapi` beside a copy of this file and
// type-checks both). If the document loses a request field, a 2xx body or the error shape,
// this stops compiling.
import createClient from 'openapi-fetch';
import type { paths } from './messaging.openapi';

const expectType = <T>(value: T): T => value;

export async function sendFollowAndCancel(apiKey: string): Promise<string> {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3001', headers: { 'x-api-key': apiKey } });

  const sent = await client.POST('/v1/messages', { body: { to: '+14155550123', message: 'Hello', effect: 'confetti' } });
  if (sent.error) return expectType<string>(sent.error.error);
  expectType<string>(sent.data.id);

  // @ts-expect-error `message` is required
  await client.POST('/v1/messages', { body: { to: '+14155550123' } });
  // @ts-expect-error not an effect
  await client.POST('/v1/messages', { body: { to: '+14155550123', message: 'Hi', effect: 'glitter' } });

  const read = await client.GET('/v1/messages/{id}', { params: { path: { id: sent.data.id } } });
  if (read.data)
    expectType<'queued' | 'sent' | 'delivered' | 'failed' | 'cancelled' | 'received' | 'no_channel'>(read.data.status);

  const listed = await client.GET('/v1/messages/list', { params: { query: { to: '+14155550123', limit: 20 } } });
  for (const message of listed.data?.messages ?? []) expectType<string>(message.contact_phone);

  const cancelled = await client.DELETE('/v1/messages/{id}', { params: { path: { id: sent.data.id } } });
  if (cancelled.error) return expectType<string>(cancelled.error.error);

  const conversation = await client.GET('/v1/conversations/{phone}', { params: { path: { phone: '+14155550123' } } });
  const contact = await client.GET('/v1/contacts/{phone}', { params: { path: { phone: '+14155550123' } } });
  expectType<boolean | undefined>(contact.data?.opted_out);

  const email = await client.POST('/v1/emails', {
    body: { domain_id: 'd', to: 'lead@example.com', subject: 'Quote', text: 'Hi', request_key: 'quote-1' },
  });
  expectType<'queued' | 'sent' | 'failed' | 'captured' | undefined>(email.data?.status);
  const domains = await client.GET('/v1/email/domains');
  expectType<string | undefined>(domains.data?.domains[0]?.name);

  return `${conversation.data?.messages.length ?? 0}`;
}
