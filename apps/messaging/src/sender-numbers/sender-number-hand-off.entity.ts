import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Per number, when the scheduler last handed one of its messages to the carrier: the pace gate
 * (release-scheduler/pace-gate.ts) locks this row around carrier.send so hand-offs of one number are at
 * least 1/rate apart across replicas. A table of its own, not a column of sender_numbers, because
 * the claim transaction locks sender_numbers rows: a hand-off waiting out its interval would stall
 * every claim touching the number (decision 0014).
 */
@Entity({ name: 'sender_number_hand_offs' })
export class SenderNumberHandOffEntity {
  @PrimaryColumn({ type: 'varchar', length: 16 })
  number!: string;

  @Column({ type: 'timestamptz', nullable: true })
  lastHandedOverAt!: Date | null;
}
