import { ValidateIf } from 'class-validator';
import { IsPlatformIdValue } from '../../../ids/platform-id-value';

/** PUT /api/phone-numbers/{id}/agent ("Assign Chatbot"). */
export class AssignChatbotRequest {
  @IsPlatformIdValue({
    nullable: true,
    description: 'An active agent of the company that will answer the number (numeric, base64 or encrypted id); null unassigns',
  })
  @ValidateIf((_request: object, value: unknown) => value !== null)
  agent_id!: number | string | null;
}
