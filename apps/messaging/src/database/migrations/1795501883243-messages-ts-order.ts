import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Written by hand: expression indexes are beyond the entity metadata (message.entity.ts names them
 * with synchronize: false). Lists and conversations are read newest first in the order of the
 * API's `ts` — COALESCE(carrier_ts, created_at), exactly MESSAGE_TS_SQL — then created_at, id
 * (decision 0024). The list's old index on (company_id, created_at, id) served only the old order.
 */
export class MessagesTsOrder1795501883243 implements MigrationInterface {
  name = 'MessagesTsOrder1795501883243';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "messaging"."messages_company_created_idx"');
    await queryRunner.query(
      'CREATE INDEX "messages_company_ts_idx" ON "messaging"."messages" ("company_id", (COALESCE("carrier_ts", "created_at")), "created_at", "id")',
    );
    await queryRunner.query(
      'CREATE INDEX "messages_conversation_ts_idx" ON "messaging"."messages" ("company_id", "contact_phone", (COALESCE("carrier_ts", "created_at")), "created_at", "id")',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "messaging"."messages_conversation_ts_idx"');
    await queryRunner.query('DROP INDEX "messaging"."messages_company_ts_idx"');
    await queryRunner.query(
      'CREATE INDEX "messages_company_created_idx" ON "messaging"."messages" ("company_id", "created_at", "id")',
    );
  }
}
