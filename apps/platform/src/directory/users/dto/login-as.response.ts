import { ApiProperty } from '@nestjs/swagger';
import type { LoginAsResult } from '../login-as.service';

export class LoginAsData implements LoginAsResult {
  @ApiProperty({ type: 'integer', example: 7, description: 'The user the token acts as' }) user_id!: number;
  @ApiProperty({ description: 'A bearer access token for that user, valid 300 s, naming the caller as actor (RFC 8693)' })
  token!: string;
}

/** The spec's Login-as answer: `{ data: { user_id, token } }`, without `success`. */
export class LoginAsResponse {
  @ApiProperty({ type: LoginAsData }) data!: LoginAsData;
}
