import type { CallData } from '@suite/contracts';

/** The `call.*` payload fields of a call nothing was recorded, transcribed or judged of (a fresh object each time). */
export const unanalysedCall = (): Pick<
  CallData,
  'recording_url' | 'transcription' | 'sentiment' | 'disposition' | 'tags' | 'custom_fields'
> => ({
  recording_url: null,
  transcription: null,
  sentiment: null,
  disposition: null,
  tags: [],
  custom_fields: {},
});
