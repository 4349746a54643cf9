import { ApiProperty } from '@nestjs/swagger';
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
});

/** The one answer that carries the value: the response to create. */
export const mapCreatedApiKey = (key: ApiKeyEntity, value: string): CreatedApiKeyResponse => ({ ...mapApiKey(key), api_key: value });
