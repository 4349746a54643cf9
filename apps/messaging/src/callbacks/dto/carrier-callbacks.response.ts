import { ApiProperty } from '@nestjs/swagger';
import type { CallbackResult } from '../../carrier/callback-result';

class CallbackResultResponse implements CallbackResult {
  @ApiProperty({ enum: ['status', 'inbound'] }) kind!: 'status' | 'inbound';
  @ApiProperty() carrier_message_id!: string;
  @ApiProperty({ enum: ['applied', 'duplicate', 'unknown_message', 'ignored'] }) outcome!: CallbackResult['outcome'];
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) message_id!: string | null;
}

/** 200 answer of a carrier callback: what was done with each callback in the request. */
export class CarrierCallbacksResponse {
  @ApiProperty({ type: [CallbackResultResponse] }) results!: CallbackResult[];
}
