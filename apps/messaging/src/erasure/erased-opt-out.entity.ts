import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The opt-out of an erased contact, kept without its number: `phone_hash` is
 * `messaging.opt_out_hash(company_id, phone)` — SHA-256 over the installation's key
 * (erasure_keys), the company and the number — so a STOP still holds after the number is erased
 * (decision 0050). A contact created again for that number (a send, an inbound text) starts
 * opted out; nothing can turn the hash back into the number.
 */
@Entity({ name: 'erased_opt_outs' })
export class ErasedOptOutEntity {
  @PrimaryColumn({ type: 'bigint' })
  companyId!: string;

  /** Hex SHA-256. */
  @PrimaryColumn({ type: 'char', length: 64 })
  phoneHash!: string;

  @Column({ type: 'timestamptz', nullable: true })
  optedOutAt!: Date | null;

  /** The keyword it opted out with (STOP, …), upper-cased. */
  @Column({ type: 'varchar', length: 32, nullable: true })
  keyword!: string | null;
}
