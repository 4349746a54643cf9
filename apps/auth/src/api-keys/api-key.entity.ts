import { Column, Entity, Index } from 'typeorm';
import { IssuedCredentialColumns } from '../shared/issued-credential.columns';

/**
 * A workspace API key (`suite_key_…`) for the messaging API: it belongs to a company, not to a
 * user. The value is shown once; only its SHA-256 digest is kept, and every app learns it
 * through `credential.issued`.
 */
@Entity({ name: 'api_keys' })
@Index(['companyId', 'createdAt'])
export class ApiKeyEntity extends IssuedCredentialColumns {
  /** Who created it (audit); the key itself acts for the company, not for this user. */
  @Column({ type: 'bigint' })
  createdByUserId!: string;

  @Column({ type: 'bigint', nullable: true })
  revokedByUserId!: string | null;
}
