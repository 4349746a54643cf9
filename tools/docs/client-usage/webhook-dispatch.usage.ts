// A consumer of the webhooks API, written against the client generated from webhook-dispatch's
// /docs-json (openapi-clients.spec.ts generates `./webhook-dispatch.openapi` beside a copy of this
// file and type-checks both). If the document loses a request field, a 2xx body, the success
// envelope or the error shape, this stops compiling.
import createClient from 'openapi-fetch';
import type { paths } from './webhook-dispatch.openapi';

const expectType = <T>(value: T): T => value;

export async function subscribeToSms(bearer: string): Promise<string> {
  const client = createClient<paths>({ baseUrl: 'http://127.0.0.1:3004', headers: { authorization: `Bearer ${bearer}` } });

  const created = await client.POST('/api/webhooks', {
    body: { title: 'CRM sync', url: 'https://example.com/hooks', events: ['sms.sent', 'sms.failed'], list_id: null },
  });
  if (created.error) return Object.keys(expectType<Record<string, string[]>>(created.error.errors)).join(', ');
  expectType<true>(created.data.success);
  expectType<string>(created.data.data.secret);
  expectType<'active' | 'failed' | 'disabled'>(created.data.data.status);

  // @ts-expect-error not an event kind
  await client.POST('/api/webhooks', { body: { title: 'x', url: 'https://example.com', events: ['call.exploded'] } });

  const id = created.data.data.id;
  const page = await client.GET('/api/webhooks', { params: { query: { page: 1, per_page: 50 } } });
  expectType<number | undefined>(page.data?.data.pagination.last_page);
  expectType<string | null | undefined>(page.data?.data.records[0]?.last_hit);

  const updated = await client.PUT('/api/webhooks/{id}', {
    params: { path: { id } },
    body: { title: 'Renamed', url: 'https://example.com/new', events: ['call.ended'], method: 'POST' },
  });
  expectType<string | undefined>(updated.data?.data.title);

  const rotated = await client.POST('/api/webhooks/{id}/rotate-secret', { params: { path: { id } } });
  expectType<string | undefined>(rotated.data?.data.secret);

  const test = await client.POST('/api/webhooks/{id}/test', { params: { path: { id } }, body: { event: 'sms.sent' } });
  const deliveryId = test.data?.data.id ?? '';
  const deliveries = await client.GET('/api/webhooks/{id}/deliveries', {
    params: { path: { id }, query: { status: 'failed', event: 'sms.sent', per_page: 100 } },
  });
  expectType<'pending' | 'delivered' | 'failed' | undefined>(deliveries.data?.data.records[0]?.status);
  const delivery = await client.GET('/api/webhooks/deliveries/{delivery_id}', { params: { path: { delivery_id: deliveryId } } });
  expectType<number | null | undefined>(delivery.data?.data.attempts[0]?.status_code);
  const replayed = await client.POST('/api/webhooks/deliveries/{delivery_id}/replay', {
    params: { path: { delivery_id: deliveryId } },
  });
  if (replayed.error) expectType<false>(replayed.error.success);
  // @ts-expect-error not an event kind
  await client.POST('/api/webhooks/{id}/test', { params: { path: { id } }, body: { event: 'call.exploded' } });

  const removed = await client.DELETE('/api/webhooks/{id}', { params: { path: { id } } });
  if (removed.error) expectType<false>(removed.error.success);
  return removed.data?.message ?? 'gone';
}
