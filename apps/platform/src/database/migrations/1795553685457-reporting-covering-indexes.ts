import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's aggregates as index-only scans (bench:reports: thisMonth over 1M calls spent
 * 142 of 180 ms fetching 36,500 call rows from the heap for three columns). Each index carries
 * what its statement reads besides the key (INCLUDE), and outbound calls get a partial index of
 * their own. TypeORM cannot declare INCLUDE: the entities name these indexes with
 * `synchronize: false`, and this migration is their definition.
 */
export class ReportingCoveringIndexes1795553685457 implements MigrationInterface {
  name = 'ReportingCoveringIndexes1795553685457';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "platform"."contacts_company_created_idx"');
    await queryRunner.query(
      'CREATE INDEX "contacts_company_created_idx" ON "platform"."contacts" ("company_id", "created_at") INCLUDE ("source")',
    );
    await queryRunner.query('DROP INDEX "platform"."appointments_company_booked_idx"');
    await queryRunner.query(
      'CREATE INDEX "appointments_company_booked_idx" ON "platform"."appointments" ("company_id", "created_at") INCLUDE ("status")',
    );
    await queryRunner.query('DROP INDEX "platform"."sms_messages_company_created_idx"');
    await queryRunner.query(
      'CREATE INDEX "sms_messages_company_created_idx" ON "platform"."sms_messages" ("company_id", "created_at") INCLUDE ("status")',
    );
    await queryRunner.query(
      `CREATE INDEX "calls_company_outbound_started_idx" ON "platform"."calls" ("company_id", "started_at")
         INCLUDE ("answered_at", "duration_seconds") WHERE "direction" = 'outbound'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX "platform"."calls_company_outbound_started_idx"');
    for (const [table, index] of [
      ['contacts', 'contacts_company_created_idx'],
      ['appointments', 'appointments_company_booked_idx'],
      ['sms_messages', 'sms_messages_company_created_idx'],
    ]) {
      await queryRunner.query(`DROP INDEX "platform"."${index}"`);
      await queryRunner.query(`CREATE INDEX "${index}" ON "platform"."${table}" ("company_id", "created_at")`);
    }
  }
}
