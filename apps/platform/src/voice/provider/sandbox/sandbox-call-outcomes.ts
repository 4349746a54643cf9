import type { CallSentiment, HangupReason } from '@suite/contracts';

/** How a sandbox outbound call goes, decided by the last digit of the number called (docs/voice.md). */
export interface SandboxCallScript {
  answered: boolean;
  transferred: boolean;
  /** Simulated seconds connected (reported as `call_duration`). */
  durationSeconds: number;
  hangupReason: HangupReason;
  callSuccessful: boolean;
  sentiment: CallSentiment | null;
  disposition: string | null;
}

/**
 * - `0`–`3`: answered, a good conversation (successful, Positive or Neutral), the person hangs up;
 *   dispositions `interested`, `appointment_booked`, `callback_requested`, `interested`.
 * - `4`, `5`: answered, not successful, Negative: `not_interested`, `do_not_call`; the agent hangs up.
 * - `6`: answered, then transferred to a human (`call_transfer`, successful).
 * - `7`: voicemail (`voicemail_reached`, 20 s, not successful).
 * - `8`: nobody answers (`dial_no_answer`).
 * - `9`: the call fails (`error`).
 */
export function sandboxCallScript(calledNumber: string): SandboxCallScript {
  const digit = Number(calledNumber.slice(-1));
  const talk = (
    disposition: string,
    sentiment: CallSentiment,
    successful: boolean,
    hangupReason: HangupReason,
    durationSeconds: number,
  ) => ({
    answered: true,
    transferred: false,
    durationSeconds,
    hangupReason,
    callSuccessful: successful,
    sentiment,
    disposition,
  });
  switch (digit) {
    case 0:
      return talk('interested', 'Positive', true, 'user_hangup', 95);
    case 1:
      return talk('appointment_booked', 'Positive', true, 'user_hangup', 180);
    case 2:
      return talk('callback_requested', 'Neutral', true, 'user_hangup', 60);
    case 3:
      return talk('interested', 'Positive', true, 'user_hangup', 120);
    case 4:
      return talk('not_interested', 'Negative', false, 'agent_hangup', 35);
    case 5:
      return talk('do_not_call', 'Negative', false, 'agent_hangup', 15);
    case 6:
      return { ...talk('transferred', 'Positive', true, 'call_transfer', 75), transferred: true };
    case 7:
      return { ...talk('voicemail', 'Unknown', false, 'voicemail_reached', 20), sentiment: null };
    case 8:
      return {
        answered: false,
        transferred: false,
        durationSeconds: 0,
        hangupReason: 'dial_no_answer',
        callSuccessful: false,
        sentiment: null,
        disposition: null,
      };
    default:
      return {
        answered: false,
        transferred: false,
        durationSeconds: 0,
        hangupReason: 'error',
        callSuccessful: false,
        sentiment: null,
        disposition: null,
      };
  }
}
