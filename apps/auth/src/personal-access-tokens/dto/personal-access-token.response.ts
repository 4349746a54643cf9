import { ApiProperty } from '@nestjs/swagger';
import { LAST_USED_DESCRIPTION } from '../../shared/last-used';
import type { PersonalAccessTokenEntity } from '../personal-access-token.entity';

export class PersonalAccessTokenResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ type: [String], example: ['*'] })
  scopes!: string[];

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'null: never expires' })
  expires_at!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: LAST_USED_DESCRIPTION })
  last_used_at!: string | null;
}

export class CreatedPersonalAccessTokenResponse extends PersonalAccessTokenResponse {
  @ApiProperty({ description: 'The token (suite_pat_…). Shown only in this answer; store it now.' })
  token!: string;
}

export class PersonalAccessTokenListResponse {
  @ApiProperty({ type: [PersonalAccessTokenResponse] })
  personal_access_tokens!: PersonalAccessTokenResponse[];
}

/** Never includes the value or its digest. */
export const mapPersonalAccessToken = (token: PersonalAccessTokenEntity): PersonalAccessTokenResponse => ({
  id: token.id,
  name: token.name,
  scopes: [...token.scopes],
  created_at: token.createdAt.toISOString(),
  expires_at: token.expiresAt?.toISOString() ?? null,
  last_used_at: token.lastUsedAt?.toISOString() ?? null,
});

/** The one answer that carries the value: the response to create. */
export const mapCreatedPersonalAccessToken = (
  token: PersonalAccessTokenEntity,
  value: string,
): CreatedPersonalAccessTokenResponse => ({
  ...mapPersonalAccessToken(token),
  token: value,
});
