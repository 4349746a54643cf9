import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The installation's erasure key (one random row) and `webhooks.erased_phone_hash(company_id,
 * phone)`, the keyed SHA-256 an erased contact's number is kept as (decision 0050), as messaging
 * keeps its opt-outs. In SQL, so the fan-out's one statement can skip such a number where it is.
 */
export class ErasedPhoneHash1795821825200 implements MigrationInterface {
  name = 'ErasedPhoneHash1795821825200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "webhooks"."erasure_keys" ("id", "key")
       VALUES (1, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
       ON CONFLICT ("id") DO NOTHING`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "webhooks"."erased_phone_hash"(bigint, text) RETURNS character(64) LANGUAGE sql STABLE AS $$
         SELECT encode(sha256(convert_to(k.key || ':' || $1::text || ':' || $2, 'UTF8')), 'hex')::character(64)
           FROM "webhooks"."erasure_keys" k WHERE k.id = 1
       $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION "webhooks"."erased_phone_hash"(bigint, text)');
    await queryRunner.query('DELETE FROM "webhooks"."erasure_keys" WHERE "id" = 1');
  }
}
