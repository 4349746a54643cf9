import { ApiProperty } from '@nestjs/swagger';

/** The answer to deleting an email domain or mailbox. */
export class DeletedResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: [true] }) deleted!: true;
}
