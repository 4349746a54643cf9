import { ApiProperty } from '@nestjs/swagger';

/** The spec's `{message}` answer, without `success`: Update User, Delete User, Delete Role. */
export class MessageResponse {
  @ApiProperty({ example: 'User updated successfully.' }) message!: string;
}
