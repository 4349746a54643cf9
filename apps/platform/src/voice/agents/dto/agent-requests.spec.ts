import { AssignChatbotRequest } from './assign-chatbot.request';
import { AgentStatusRequest, CreateAgentRequest, UpdateAgentRequest } from './agent.request';
import { DsiAgentsQuery } from './dsi-agents.query';
import { ListAgentsQuery } from './list-agents.query';
import { validateRequest } from '../../../testing/validate-request';

describe('CreateAgentRequest', () => {
  it('accepts the name alone and every optional field, ids numeric or base64, a threshold or null', async () => {
    await expect(validateRequest(CreateAgentRequest, { name: 'A' })).resolves.toMatchObject({ fields: null });
    const full = {
      name: 'A',
      voice: 'alloy',
      prompt: 'p'.repeat(20_000),
      inbound_number_id: 7,
      outbound_number_id: 'Nw==',
      active: false,
      performance: { min_success_rate: 0, window: 1_000 },
    };
    await expect(validateRequest(CreateAgentRequest, full)).resolves.toMatchObject({ fields: null });
    await expect(
      validateRequest(CreateAgentRequest, { name: 'A', inbound_number_id: null, outbound_number_id: null, performance: null }),
    ).resolves.toMatchObject({ fields: null });
  });

  it.each([
    ['a rate below 0', { min_success_rate: -0.1, window: 5 }],
    ['a rate that is text', { min_success_rate: '0.5', window: 5 }],
    ['a fractional window', { min_success_rate: 0.5, window: 2.5 }],
    ['a window past 1000', { min_success_rate: 0.5, window: 1_001 }],
    ['an array', [0.5, 5]],
    ['a number', 0.5],
  ])('refuses a threshold with %s', async (_name, performance) => {
    const { fields } = await validateRequest(CreateAgentRequest, { name: 'A', performance });
    expect(fields).toHaveProperty('performance');
  });

  it('refuses null where null means nothing: the name, active', async () => {
    expect((await validateRequest(CreateAgentRequest, { name: null })).fields).toHaveProperty('name');
    expect((await validateRequest(UpdateAgentRequest, { name: null })).fields).toHaveProperty('name');
    expect((await validateRequest(UpdateAgentRequest, { active: null })).fields).toHaveProperty('active');
  });
});

describe('AgentStatusRequest', () => {
  it('takes online or offline only', async () => {
    await expect(validateRequest(AgentStatusRequest, { status: 'online' })).resolves.toMatchObject({ fields: null });
    expect((await validateRequest(AgentStatusRequest, { status: 'Online' })).fields).toHaveProperty('status');
    expect((await validateRequest(AgentStatusRequest, {})).fields).toHaveProperty('status');
  });
});

describe('AssignChatbotRequest', () => {
  it('requires agent_id: an id in any spelling, or null to unassign', async () => {
    await expect(validateRequest(AssignChatbotRequest, { agent_id: 3 })).resolves.toMatchObject({ fields: null });
    await expect(validateRequest(AssignChatbotRequest, { agent_id: 'Mw==' })).resolves.toMatchObject({ fields: null });
    await expect(validateRequest(AssignChatbotRequest, { agent_id: null })).resolves.toMatchObject({ fields: null });
    expect((await validateRequest(AssignChatbotRequest, {})).fields).toHaveProperty('agent_id');
    expect((await validateRequest(AssignChatbotRequest, { agent_id: 0 })).fields).toHaveProperty('agent_id');
    expect((await validateRequest(AssignChatbotRequest, { agent_id: true })).fields).toHaveProperty('agent_id');
  });
});

describe('queries', () => {
  it('dsi-agents takes q, id and page, and nothing else (no company_id: the signed-in company only)', async () => {
    const { value } = await validateRequest(DsiAgentsQuery, { q: 'Bot', id: 'Mw==', page: '2' }, 'query');
    expect(value).toMatchObject({ q: 'Bot', id: 'Mw==', page: 2 });
    expect((await validateRequest(DsiAgentsQuery, { company_id: '1' }, 'query')).fields).toHaveProperty('company_id');
    expect((await validateRequest(DsiAgentsQuery, { page: '0' }, 'query')).fields).toHaveProperty('page');
  });

  it('the agents list filters status with All and active with true or false', async () => {
    await expect(validateRequest(ListAgentsQuery, { status: 'All', active: 'false' }, 'query')).resolves.toMatchObject({
      fields: null,
    });
    expect((await validateRequest(ListAgentsQuery, { active: '1' }, 'query')).fields).toHaveProperty('active');
    expect((await validateRequest(ListAgentsQuery, { status: 'away' }, 'query')).fields).toHaveProperty('status');
  });
});
