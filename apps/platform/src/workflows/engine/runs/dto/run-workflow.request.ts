import { ArePlatformIdValues } from '../../../../ids/platform-id-value';

/** Contacts a manual run is started for, at most this many per request. */
export const MAX_MANUAL_RUN_CONTACTS = 100;

export class RunWorkflowRequest {
  @ArePlatformIdValues({
    minItems: 1,
    maxItems: MAX_MANUAL_RUN_CONTACTS,
    description: 'Contacts to run the workflow for: each numeric (42), base64 (NDI=) or encrypted; repeats run once',
  })
  contact_ids!: Array<number | string>;
}
