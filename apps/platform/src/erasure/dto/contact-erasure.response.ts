import { ApiProperty } from '@nestjs/swagger';
import { apiId } from '../../shared/api-ids';
import type { ContactErasureEntity } from '../contact-erasure.entity';
import { appErasures, ERASURE_APPS, ERASURE_STATES, type ErasureApp, type ErasureState } from '../erasure-apps';

export class AppErasureResponse {
  @ApiProperty({ enum: ERASURE_APPS }) app!: ErasureApp;
  @ApiProperty({ enum: ERASURE_STATES, description: 'erased once the app reported its part done' }) state!: ErasureState;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) erased_at!: string | null;
}

export class ContactErasureResponse {
  @ApiProperty({ type: 'integer' }) contact_id!: number;
  @ApiProperty({ format: 'date-time' }) requested_at!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'User id' }) requested_by!: number | null;
  @ApiProperty({ description: 'true once every app has erased its part' }) completed!: boolean;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) completed_at!: string | null;
  @ApiProperty({ type: [AppErasureResponse], description: 'platform, messaging, webhook-dispatch, in that order' })
  apps!: AppErasureResponse[];
}

export const mapContactErasure = (erasure: ContactErasureEntity): ContactErasureResponse => ({
  contact_id: apiId(erasure.contactId),
  requested_at: erasure.requestedAt.toISOString(),
  requested_by: erasure.requestedBy === null ? null : apiId(erasure.requestedBy),
  completed: erasure.completedAt !== null,
  completed_at: erasure.completedAt?.toISOString() ?? null,
  apps: appErasures(erasure).map((app) => ({ app: app.app, state: app.state, erased_at: app.erasedAt?.toISOString() ?? null })),
});
