import { Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
// Relation<> keeps the circular reference out of decorator metadata.
import type { UserEntity } from './user.entity';

/**
 * The phone numbers a user may dial out from (`ext_phone` of Update User; the list is replaced
 * as a whole). The phone-number feature is not built yet, so the id is not a foreign key.
 */
@Entity({ name: 'user_ext_phones' })
export class UserExtPhoneEntity {
  @PrimaryColumn({ type: 'bigint' })
  userId!: string;

  @PrimaryColumn({ type: 'bigint' })
  phoneNumberId!: string;

  @ManyToOne('UserEntity', (user: UserEntity) => user.extPhones, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: Relation<UserEntity>;
}
