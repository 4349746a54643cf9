import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * Company choices already made (decision 0037): the nonce of a pending choice, recorded when one
 * account is chosen so the same choice (an old copy of the session cookie) cannot be made again.
 * Kept until the choice would have expired anyway, then swept.
 */
@Entity({ name: 'used_login_choices' })
export class UsedLoginChoiceEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  nonce!: string;

  @Index()
  @Column({ type: 'timestamptz' })
  expiresAt!: Date;
}
