import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A number whose contact was erased, kept only as `webhooks.erased_phone_hash(company_id, phone)`
 * — SHA-256 over the installation's key (erasure_keys), the company and the number (decision
 * 0050). The fan-out skips an event about that number that happened before the erasure's last pass
 * (`erased_at`; null until then): messaging's texts already on their way when it erased arrive
 * later on another topic, and would otherwise make a delivery carrying the number again. A text
 * the person sends after the erasure is new, and is delivered.
 */
@Entity({ name: 'erased_phones' })
export class ErasedPhoneEntity {
  @PrimaryColumn({ type: 'bigint' })
  companyId!: string;

  /** Hex SHA-256. */
  @PrimaryColumn({ type: 'char', length: 64 })
  phoneHash!: string;

  @Column({ type: 'timestamptz', nullable: true })
  erasedAt!: Date | null;
}
