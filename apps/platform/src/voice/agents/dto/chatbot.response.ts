import { ApiProperty } from '@nestjs/swagger';

/** The spec's "Chatbot agent option". */
export class ChatbotOptionResponse {
  @ApiProperty({ type: 'integer', description: 'Agent id' }) id!: number;
  @ApiProperty({ description: 'Agent name' }) text!: string;
}

export class ChatbotOptionsPagination {
  @ApiProperty({ description: 'Whether another page follows' }) more!: boolean;
}

/** GET /api/phone-numbers/dsi-agents: the picker's own shape, not the success envelope. */
export class ChatbotOptionsResponse {
  @ApiProperty({ type: [ChatbotOptionResponse] }) results!: ChatbotOptionResponse[];
  @ApiProperty({ type: ChatbotOptionsPagination }) pagination!: ChatbotOptionsPagination;
}

/** PUT /api/phone-numbers/{id}/agent. */
export class ChatbotAssignmentResponse {
  @ApiProperty({ type: 'integer' }) phone_number_id!: number;
  @ApiProperty({ description: 'E.164' }) phone_number!: string;
  @ApiProperty({ type: 'integer', nullable: true, description: 'The agent now answering the number; null when none' })
  agent_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) agent_name!: string | null;
}
