import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { IsNotBlank, IsOmittable } from '@suite/http';
import { ArePlatformIdValues } from '../../../ids/platform-id-value';

/** The most contacts one request puts on a list. */
export const MAX_LIST_CONTACTS_PER_REQUEST = 1_000;

export class CreateListRequest {
  @ApiProperty({ maxLength: 255, example: 'Spring campaign' })
  @IsString()
  @IsNotBlank()
  @MaxLength(255)
  name!: string;

  @ArePlatformIdValues({
    required: false,
    maxItems: MAX_LIST_CONTACTS_PER_REQUEST,
    description: 'Contacts to put on the list: each numeric (42), base64 (NDI=) or encrypted; duplicates count once',
  })
  @IsOmittable()
  contact_ids?: Array<number | string>;
}

export class AddListContactsRequest {
  @ArePlatformIdValues({
    minItems: 1,
    maxItems: MAX_LIST_CONTACTS_PER_REQUEST,
    description:
      'Contacts to add: each numeric (42), base64 (NDI=) or encrypted; duplicates and contacts already on the list are ignored',
  })
  contact_ids!: Array<number | string>;
}
