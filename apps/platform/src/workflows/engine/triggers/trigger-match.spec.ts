import { triggerMatches } from './trigger-match';

const node = (type: string, config: Record<string, unknown> = {}) => ({ id: 't1', type, config });

describe('triggerMatches', () => {
  it('matches a contact_created trigger without a source filter, and with the lead’s source only', () => {
    expect(triggerMatches(node('contact_created'), { source: null })).toBe(true);
    expect(triggerMatches(node('contact_created', { source: 'Facebook' }), { source: 'facebook' })).toBe(true);
    expect(triggerMatches(node('contact_created', { source: 'facebook' }), { source: 'google' })).toBe(false);
    expect(triggerMatches(node('contact_created', { source: 'facebook' }), { source: null })).toBe(false);
  });

  it('filters stage moves by pipeline and stage', () => {
    const facts = { pipelineId: '4', stageId: '9' };
    expect(triggerMatches(node('contact_stage_moved'), facts)).toBe(true);
    expect(triggerMatches(node('contact_stage_moved', { stage_id: '9' }), facts)).toBe(true);
    expect(triggerMatches(node('contact_stage_moved', { pipeline_id: '4', stage_id: '8' }), facts)).toBe(false);
    expect(triggerMatches(node('contact_stage_moved', { pipeline_id: '5' }), facts)).toBe(false);
  });

  it('starts tag_added only for the tag named among the added ones', () => {
    expect(triggerMatches(node('tag_added', { tag: 'VIP' }), { addedTags: ['new', 'vip'] })).toBe(true);
    expect(triggerMatches(node('tag_added', { tag: 'vip' }), { addedTags: ['new'] })).toBe(false);
    expect(triggerMatches(node('tag_added', { tag: 'vip' }), {})).toBe(false);
  });

  it('finds an sms keyword anywhere in the text', () => {
    expect(triggerMatches(node('sms_received', { keyword: 'price' }), { body: 'What is the PRICE?' })).toBe(true);
    expect(triggerMatches(node('sms_received', { keyword: 'price' }), { body: 'hello' })).toBe(false);
    expect(triggerMatches(node('sms_received'), { body: 'hello' })).toBe(true);
  });

  it('filters ended calls by disposition and status', () => {
    const facts = { disposition: 'Interested', callStatus: 'completed' };
    expect(triggerMatches(node('call_ended', { disposition: 'interested' }), facts)).toBe(true);
    expect(triggerMatches(node('call_ended', { call_status: 'failed' }), facts)).toBe(false);
    expect(triggerMatches(node('call_ended', { disposition: 'x' }), { disposition: null, callStatus: 'completed' })).toBe(false);
  });

  it('lets the unfiltered triggers through', () => {
    for (const type of ['sms_replied', 'appointment_scheduled', 'run_now']) expect(triggerMatches(node(type), {})).toBe(true);
  });
});
