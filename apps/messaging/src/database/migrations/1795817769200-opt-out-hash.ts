import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The installation's erasure key (one random row) and `messaging.opt_out_hash(company_id, phone)`,
 * the keyed SHA-256 an erased contact's opt-out is kept as (decision 0050). In SQL, so the send
 * and inbound statements that create a contact can look a number up where they already are.
 * gen_random_uuid() draws from the server's strong random source (PostgreSQL 13+).
 */
export class OptOutHash1795817769200 implements MigrationInterface {
  name = 'OptOutHash1795817769200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO "messaging"."erasure_keys" ("id", "key")
       VALUES (1, encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), 'hex'))
       ON CONFLICT ("id") DO NOTHING`,
    );
    await queryRunner.query(
      `CREATE FUNCTION "messaging"."opt_out_hash"(bigint, text) RETURNS character(64) LANGUAGE sql STABLE AS $$
         SELECT encode(sha256(convert_to(k.key || ':' || $1::text || ':' || $2, 'UTF8')), 'hex')::character(64)
           FROM "messaging"."erasure_keys" k WHERE k.id = 1
       $$`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION "messaging"."opt_out_hash"(bigint, text)');
    await queryRunner.query('DELETE FROM "messaging"."erasure_keys" WHERE "id" = 1');
  }
}
