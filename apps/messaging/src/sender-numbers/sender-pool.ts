import type { EntityManager } from 'typeorm';
import type { SenderProvider } from '../carrier/carrier.port';
import { SenderNumberEntity } from './sender-number.entity';

/**
 * The two writes of a workspace's sender pool, on the caller's manager: the operator routes run
 * them in their own transaction, the platform's phone-number events in the inbox's.
 */

/**
 * Adds `number` to the workspace's pool, or brings a removed one back (its warm-up starts again:
 * `added_at` is reset, since carriers judge a number by its recent history). Adding an active
 * number again changes nothing but its provider (the operator's word on whose number it is).
 * False when the number is another workspace's (nothing written).
 */
export async function addToPool(
  manager: EntityManager,
  companyId: string,
  number: string,
  provider: SenderProvider,
): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `INSERT INTO messaging.sender_numbers AS n (number, company_id, status, added_at, provider)
     VALUES ($1, $2, 'active', now(), $3)
     ON CONFLICT (number) DO UPDATE
        SET status = 'active',
            removed_at = NULL,
            added_at = CASE WHEN n.status = 'removed' THEN now() ELSE n.added_at END,
            provider = EXCLUDED.provider
      WHERE n.company_id = EXCLUDED.company_id
     RETURNING number`,
    [number, companyId, provider],
  );
  return rows.length > 0;
}

/**
 * Takes `number` out of the workspace's pool (status `removed`). Conversations pinned to it keep
 * the pin until their next message, which re-pins them (recorded in sender_pin_changes).
 * Removing twice changes nothing; the row, if the workspace has one, is answered.
 */
export async function removeFromPool(
  manager: EntityManager,
  companyId: string,
  number: string,
): Promise<SenderNumberEntity | null> {
  const repository = manager.getRepository(SenderNumberEntity);
  await repository.update({ number, companyId, status: 'active' }, { status: 'removed', removedAt: new Date() });
  return repository.findOneBy({ number, companyId });
}
