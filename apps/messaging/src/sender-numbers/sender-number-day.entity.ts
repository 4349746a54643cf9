import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Per number and day: what the daily caps count (new contacts during warm-up, messages sent). Written by the scheduler. */
@Entity({ name: 'sender_number_days' })
export class SenderNumberDayEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  number!: string;

  @PrimaryColumn({ type: 'date' })
  day!: string;

  @Column({ type: 'int', default: 0 })
  newContacts!: number;

  @Column({ type: 'int', default: 0 })
  sent!: number;
}
