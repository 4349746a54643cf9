import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A purchase token that has been spent. Tokens are signed and carry their company, number and
 * expiry, so a search stores nothing; the purchase inserts the token's nonce here in its
 * transaction, and the primary key makes a second use fail. Rows older than the token lifetime
 * can be deleted (an expired token is refused anyway).
 */
@Entity({ name: 'phone_number_purchase_token_uses' })
export class PurchaseTokenUseEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  nonce!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  usedAt!: Date;
}
