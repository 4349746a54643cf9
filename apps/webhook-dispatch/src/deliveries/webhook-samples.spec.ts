import { WEBHOOK_EVENT_KINDS, WEBHOOK_KIND_FIELDS } from '@suite/contracts';
import { WEBHOOK_SAMPLE_DATA } from './webhook-samples';

describe('webhook samples', () => {
  it('have exactly the keys a webhook’s fields may name for their kind', () => {
    for (const kind of WEBHOOK_EVENT_KINDS) {
      expect({ kind, keys: Object.keys(WEBHOOK_SAMPLE_DATA[kind]).sort() }).toEqual({
        kind,
        keys: [...WEBHOOK_KIND_FIELDS[kind]].sort(),
      });
    }
  });
});
