import { Column, Entity, Index } from 'typeorm';
import { IssuedCredentialColumns } from '../shared/issued-credential.columns';

/**
 * A personal access token (`suite_pat_…`) of one user. The value is shown once at creation;
 * only its SHA-256 digest is kept. Every app learns it through `credential.issued` and checks
 * it against its own replica (decision 0008). Its company is the user's when it was created
 * (the replica checks the user is still in it).
 */
@Entity({ name: 'personal_access_tokens' })
@Index(['userId', 'createdAt'])
export class PersonalAccessTokenEntity extends IssuedCredentialColumns {
  @Column({ type: 'bigint' })
  userId!: string;

  /** `["*"]` or permission names; effective rights are these ∩ the user's current permissions. */
  @Column({ type: 'text', array: true })
  scopes!: string[];

  /** Null: never expires. */
  @Column({ type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;
}
