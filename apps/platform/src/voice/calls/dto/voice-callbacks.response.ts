import { ApiProperty } from '@nestjs/swagger';
import { VOICE_CALLBACK_OUTCOMES, type VoiceCallbackResult } from '../../provider/voice-callback-sink';

class VoiceCallbackResultResponse implements VoiceCallbackResult {
  @ApiProperty({ enum: ['started', 'answered', 'transferred', 'ended'] }) kind!: VoiceCallbackResult['kind'];
  @ApiProperty({ maxLength: 64, description: "the provider's call id" }) call_id!: string;
  @ApiProperty({
    enum: VOICE_CALLBACK_OUTCOMES,
    description:
      '`duplicate`: seen before, nothing changed; `ignored`: out of place (an answer after the end, an unknown company)',
  })
  outcome!: VoiceCallbackResult['outcome'];
}

/** 200 answer of a voice callback: what was done with each callback of the request, in order. */
export class VoiceCallbacksResponse {
  @ApiProperty({ type: [VoiceCallbackResultResponse] }) results!: VoiceCallbackResult[];
}
