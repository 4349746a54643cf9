import type { EntityManager } from 'typeorm';
import { CompanyScopedRepository, CompanyScopedSql } from '@suite/database';
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
  // A number is held by one company at a time (its key is the number alone): another company's row
  // is left as it is, and nothing is answered.
  const rows = await CompanyScopedSql.of(manager, companyId).rows(
    `INSERT INTO messaging.sender_numbers AS n (number, company_id, status, added_at, provider)
     VALUES ($2, $1, 'active', now(), $3)
     ON CONFLICT (number) DO UPDATE
        SET status = 'active',
            removed_at = NULL,
            added_at = CASE WHEN n.status = 'removed' THEN now() ELSE n.added_at END,
            provider = EXCLUDED.provider
      WHERE n.company_id = $1
     RETURNING number`,
    [number, provider],
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
  const numbers = CompanyScopedRepository.of(manager, SenderNumberEntity, companyId);
  await numbers.update({ number, status: 'active' }, { status: 'removed', removedAt: new Date() });
  return numbers.findOneBy({ number });
}
