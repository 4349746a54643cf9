import { Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

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

  /**
   * The owning user, never loaded (the row is read through its user, UserEntity.extPhones): named
   * by entity and property name only, so this file does not import user.entity (which imports this one).
   */
  @ManyToOne('UserEntity', 'extPhones', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: { id: string };
}
