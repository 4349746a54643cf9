import { ApiProperty } from '@nestjs/swagger';
import { LAST_USED_DESCRIPTION } from '../../shared/last-used';
import type { ApiKeyEntity } from '../api-key.entity';

export class ApiKeyResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  name!: string;

  @ApiProperty({ example: '42' })
  company_id!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: LAST_USED_DESCRIPTION })
  last_used_at!: string | null;
}

export class CreatedApiKeyResponse extends ApiKeyResponse {
  @ApiProperty({ description: 'The key (suite_key_…), sent as x-api-key. Shown only in this answer; store it now.' })
  api_key!: string;
}

export class ApiKeyListResponse {
  @ApiProperty({ type: [ApiKeyResponse] })
  api_keys!: ApiKeyResponse[];
}

/** Never includes the value or its digest. */
export const mapApiKey = (key: ApiKeyEntity): ApiKeyResponse => ({
  id: key.id,
  name: key.name,
  company_id: String(key.companyId),
  created_at: key.createdAt.toISOString(),
  last_used_at: key.lastUsedAt?.toISOString() ?? null,
});

/** The one answer that carries the value: the response to create. */
export const mapCreatedApiKey = (key: ApiKeyEntity, value: string): CreatedApiKeyResponse => ({
  ...mapApiKey(key),
  api_key: value,
});
