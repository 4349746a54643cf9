import { randomBytes } from 'node:crypto';
import { Retell } from 'retell-sdk';
import type { PrismAnswer, RecordedRequest, StubAnswer, VendorStub } from './vendor-mock';

/** How a simulated call goes, by the number called (`RetellSimulator.script`). */
export interface RetellCallScript {
  /** Whether the callee picks up: Retell sends `call_started` only for a connected call. */
  connected: boolean;
  /** Retell's `disconnection_reason`. */
  disconnectionReason: string;
  durationSeconds: number;
  /** Set: the agent transfers the call there (`call_transfer`). */
  transferTo?: string;
  /** Real time the conversation lasts before `call_ended` (default one step): a call still live when the platform looks it up. */
  liveForMs?: number;
  /** What `call_analyzed` says; no analysis is sent when null (or the call never connected). */
  analysis: { sentiment: string; successful: boolean; summary: string; disposition: string } | null;
}

/** What the simulator answers one create-phone-call with. */
export type CreateCallDecision = 'place' | 'throttle' | 'lose-answer';

export interface SimulatedCall {
  call_id: string;
  agent_id: string;
  from_number: string;
  to_number: string;
  metadata: Record<string, unknown>;
  script: RetellCallScript;
  start_timestamp?: number;
  end_timestamp?: number;
}

export interface RetellSimulatorOptions {
  /** Retell signs its webhooks with the account's API key: the key the platform is configured with. */
  readonly apiKey: string;
  /** Real time between a call's webhooks; default 200 ms. */
  readonly stepMs?: number;
  /** How a call to `to` goes; default retellScriptByLastDigit. */
  readonly script?: (to: string) => RetellCallScript;
  /** How a webhook reaches the platform; default an HTTP POST to the agent's webhook_url. */
  readonly deliver?: (url: string, headers: Record<string, string>, body: string) => Promise<number>;
}

const ANSWERED: RetellCallScript = {
  connected: true,
  disconnectionReason: 'user_hangup',
  durationSeconds: 42,
  analysis: {
    sentiment: 'Positive',
    successful: true,
    summary: 'The lead booked a roof inspection.',
    disposition: 'appointment_booked',
  },
};

/**
 * The default course of a call, by the called number's last digit as the sandbox's: `6` is
 * answered and transferred halfway to +14155550142, `8` is never answered, anything else is a
 * 42-second conversation that books an appointment.
 */
export function retellScriptByLastDigit(to: string): RetellCallScript {
  const digit = to.slice(-1);
  if (digit === '6') {
    return {
      ...ANSWERED,
      transferTo: '+14155550142',
      analysis: { ...ANSWERED.analysis!, disposition: 'transferred', summary: 'Transferred to sales.' },
    };
  }
  if (digit === '8') return { connected: false, disconnectionReason: 'dial_no_answer', durationSeconds: 0, analysis: null };
  return ANSWERED;
}

const newId = (): string => randomBytes(16).toString('hex');

/**
 * Retell as a stateful service in front of Prism (a VendorMock stub for 'retell_openapi'): Prism
 * still validates every request against the published description; the simulator gives the
 * answers the ids and state a real account would (each agent, LLM and call its own id, imported
 * numbers remembered, list-calls answering from the calls placed), refuses what Retell refuses
 * (429 `concurrency_limit_reached` when `onCreateCall` says so, a second import of a number), and
 * plays each placed call: `call_started`, `call_ended`, `call_analyzed` posted to the agent's
 * `webhook_url`, each signed with retell-sdk's `Retell.sign` under the API key — as Retell does.
 */
export class RetellSimulator {
  readonly agents = new Map<string, { webhookUrl: string | null; llmId: string | null; voiceId: string; name: string | null }>();
  readonly llms = new Map<string, string | null>();
  readonly numbers = new Map<string, { terminationUri: string }>();
  readonly calls = new Map<string, SimulatedCall>();
  /** Every webhook posted: its event, call and the platform's status. */
  readonly deliveries: Array<{ event: string; callId: string; status: number }> = [];
  /** Decides each create-phone-call the description accepted; default: place it. */
  onCreateCall: (body: Record<string, unknown>, index: number) => CreateCallDecision = () => 'place';
  private createCalls = 0;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly options: RetellSimulatorOptions) {}

  /** The stub to give VendorMock.start('retell_openapi', { stub }). */
  readonly stub: VendorStub = (request, prism) => this.answer(request, prism);

  /** Resolves once every call placed so far has posted all its webhooks. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private answer(request: RecordedRequest, prism: PrismAnswer): StubAnswer | 'drop' | undefined {
    const body = (request.json() ?? {}) as Record<string, unknown>;
    const base = (prism.json() ?? {}) as Record<string, unknown>;
    const [, route, id] = /^\/(?:v2\/)?([a-z-]+)(?:\/(.+))?$/.exec(request.pathname) ?? [];
    const key = id ? decodeURIComponent(id) : undefined;
    switch (`${request.method} ${route}`) {
      case 'POST create-retell-llm': {
        const llmId = `llm_${newId()}`;
        this.llms.set(llmId, (body.general_prompt as string | undefined) ?? null);
        return { status: 201, body: { ...base, llm_id: llmId, general_prompt: body.general_prompt ?? null } };
      }
      case 'PATCH update-retell-llm':
        if (!key || !this.llms.has(key)) return notFound();
        this.llms.set(key, (body.general_prompt as string | undefined) ?? this.llms.get(key)!);
        return { status: 200, body: { ...base, llm_id: key } };
      case 'POST create-agent': {
        const agentId = `agent_${newId()}`;
        this.agents.set(agentId, this.agentOf(body));
        return { status: 201, body: { ...base, agent_id: agentId, webhook_url: body.webhook_url ?? null } };
      }
      case 'PATCH update-agent':
        if (!key || !this.agents.has(key)) return notFound();
        this.agents.set(key, { ...this.agents.get(key)!, ...this.agentOf(body) });
        return { status: 200, body: { ...base, agent_id: key } };
      case 'POST import-phone-number': {
        const number = String(body.phone_number);
        if (this.numbers.has(number)) return { status: 400, body: { status: 'error', message: 'Phone number already exists.' } };
        this.numbers.set(number, { terminationUri: String(body.termination_uri) });
        return { status: 201, body: { ...base, phone_number: number, phone_number_type: 'custom' } };
      }
      case 'GET get-phone-number':
        return key && this.numbers.has(key) ? { status: 200, body: { ...base, phone_number: key } } : notFound();
      case 'DELETE delete-phone-number':
        return key && this.numbers.delete(key) ? { status: 204 } : notFound();
      case 'POST create-phone-call':
        return this.createCall(body, base);
      case 'POST list-calls':
        return { status: 200, body: this.listCalls(body) };
      default:
        return undefined;
    }
  }

  private agentOf(body: Record<string, unknown>) {
    const engine = body.response_engine as { llm_id?: string } | undefined;
    return {
      webhookUrl: typeof body.webhook_url === 'string' ? body.webhook_url : null,
      llmId: engine?.llm_id ?? null,
      voiceId: String(body.voice_id ?? ''),
      name: typeof body.agent_name === 'string' ? body.agent_name : null,
    };
  }

  private createCall(body: Record<string, unknown>, base: Record<string, unknown>): StubAnswer | 'drop' {
    const decision = this.onCreateCall(body, this.createCalls++);
    if (decision === 'throttle') {
      return { status: 429, headers: { 'retry-after': '1' }, body: { status: 'error', message: 'concurrency_limit_reached' } };
    }
    const agentId = String(body.override_agent_id ?? '');
    if (!this.agents.has(agentId)) return { status: 404, body: { status: 'error', message: 'Agent not found.' } };
    const to = String(body.to_number);
    const call: SimulatedCall = {
      call_id: `call_${newId()}`,
      agent_id: agentId,
      from_number: String(body.from_number),
      to_number: to,
      metadata: (body.metadata ?? {}) as Record<string, unknown>,
      script: (this.options.script ?? retellScriptByLastDigit)(to),
    };
    this.calls.set(call.call_id, call);
    this.play(call);
    // A lost answer: the call is placed all the same, as it would be at Retell.
    if (decision === 'lose-answer') return 'drop';
    return { status: 201, body: { ...base, ...this.callObject(call), call_status: 'registered' } };
  }

  private listCalls(body: Record<string, unknown>): unknown[] {
    const criteria = (body.filter_criteria ?? {}) as { to_number?: string[]; metadata?: Record<string, string[]> };
    return [...this.calls.values()]
      .filter((call) => !criteria.to_number || criteria.to_number.includes(call.to_number))
      .filter((call) =>
        Object.entries(criteria.metadata ?? {}).every(([path, values]) =>
          values.includes(String(call.metadata[path.replace(/^metadata\./, '')] ?? '')),
        ),
      )
      .map((call) => this.callObject(call));
  }

  private callObject(call: SimulatedCall): Record<string, unknown> {
    return {
      call_type: 'phone_call',
      call_id: call.call_id,
      agent_id: call.agent_id,
      agent_version: 1,
      direction: 'outbound',
      from_number: call.from_number,
      to_number: call.to_number,
      metadata: call.metadata,
      ...(call.start_timestamp ? { start_timestamp: call.start_timestamp } : {}),
      ...(call.end_timestamp ? { end_timestamp: call.end_timestamp } : {}),
    };
  }

  /** The call's webhooks, one step apart. */
  private play(call: SimulatedCall): void {
    const run = (async () => {
      const step = () => new Promise((resolve) => setTimeout(resolve, this.options.stepMs ?? 200));
      const { script } = call;
      await step();
      call.start_timestamp = Date.now();
      if (script.connected) await this.post('call_started', { ...this.callObject(call), call_status: 'ongoing' }, call);
      if (script.liveForMs) await new Promise((resolve) => setTimeout(resolve, script.liveForMs));
      else await step();
      call.end_timestamp = script.connected ? call.start_timestamp + script.durationSeconds * 1000 : call.start_timestamp;
      const ended = {
        ...this.callObject(call),
        call_status: script.connected ? 'ended' : 'not_connected',
        duration_ms: script.connected ? script.durationSeconds * 1000 : 0,
        disconnection_reason: script.transferTo ? 'call_transfer' : script.disconnectionReason,
        ...(script.transferTo ? { transfer_destination: script.transferTo } : {}),
        ...(script.connected ? { transcript: 'Agent: Hi, this is Ava.\nUser: Hello.' } : {}),
      };
      await this.post('call_ended', ended, call);
      if (!script.connected || !script.analysis) return;
      await step();
      const { sentiment, successful, summary, disposition } = script.analysis;
      await this.post(
        'call_analyzed',
        {
          ...ended,
          call_analysis: {
            call_summary: summary,
            user_sentiment: sentiment,
            call_successful: successful,
            in_voicemail: false,
            custom_analysis_data: { disposition },
          },
        },
        call,
      );
    })();
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  /** One webhook, signed with Retell.sign; Retell tries a failed delivery again, so does this (3 tries). */
  private async post(event: string, callObject: Record<string, unknown>, call: SimulatedCall): Promise<void> {
    const url = this.agents.get(call.agent_id)?.webhookUrl;
    if (!url) return;
    const body = JSON.stringify({ event, call: callObject });
    const deliver =
      this.options.deliver ??
      (async (target: string, headers: Record<string, string>, payload: string) =>
        (await fetch(target, { method: 'POST', headers, body: payload }).catch(() => ({ status: 0 }))).status);
    let status = 0;
    for (let attempt = 0; attempt < 3 && (status < 200 || status >= 300); attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 500));
      const signature = await Retell.sign(body, this.options.apiKey);
      status = await deliver(url, { 'content-type': 'application/json', 'x-retell-signature': signature }, body);
    }
    this.deliveries.push({ event, callId: call.call_id, status });
  }
}

const notFound = (): StubAnswer => ({ status: 404, body: { status: 'error', message: 'Not found.' } });
