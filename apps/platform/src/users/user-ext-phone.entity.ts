import { Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
// Relation<> keeps the circular reference out of decorator metadata.
import type { UserEntity } from './user.entity';

/**
 * The phone numbers a user may dial out from (`ext_phone` of Create and Update User; the list is
 * replaced as a whole). Each id is a live number of the user's company when saved (decision 0042,
 * checked in the write's transaction); not a foreign key, as a released number keeps its row.
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
