import {
  AgentMirrorRejectedError,
  CallOutcomeUnknownError,
  CallRejectedError,
  VoiceProviderUnavailableError,
} from '../voice-errors';
import { describeRefusal, providerRequest, retryAfterMs, type ProviderAnswer } from '../provider-http';
import { attemptKeyOf, type RetellCallMetadata } from './retell-call-metadata';

export interface RetellSettings {
  readonly apiKey: string;
  /** RETELL_API_URL without a trailing slash. */
  readonly apiUrl: string;
  /** Where Retell posts an agent's webhooks: `<PLATFORM_PUBLIC_URL>/api/voice/callbacks/retell`. */
  readonly webhookUrl: string;
  /** The Elastic SIP trunk's termination URI, given to Retell with every imported number. */
  readonly terminationUri: string;
  readonly timeoutMs: number;
}

/** Our agent as Retell holds it: the LLM (the prompt) and the agent (voice, name, webhook). */
export interface RetellAgentFields {
  name: string;
  voiceId: string;
  prompt: string;
}

/** The webhook events an agent of ours sends: the three the call lifecycle reads. */
const WEBHOOK_EVENTS = ['call_started', 'call_ended', 'call_analyzed'];

/**
 * The one post-call analysis field we add to Retell's presets (summary, success, sentiment): a
 * disposition, which the pipelines' stage links read (docs/voice.md, "Dispositions").
 */
const DISPOSITION_ANALYSIS = {
  type: 'string',
  name: 'disposition',
  description:
    'The outcome of the call in one or two lower-case words, such as interested, not_interested, appointment_booked, ' +
    'callback_requested, do_not_call or voicemail.',
};

/** Retell's wait when it says 429 without a Retry-After (its concurrency limit frees up as calls end). */
const DEFAULT_THROTTLE_MS = 15_000;

/**
 * Retell's HTTP API as retell_openapi.yaml describes it (libs/testing/vendor-apis), with plain
 * `fetch` and the API key as bearer: the agent's LLM and agent, outbound calls, the lookup of a
 * call by its metadata, and imported numbers. One attempt per request (provider-http.ts).
 */
export class RetellClient {
  constructor(private readonly settings: RetellSettings) {}

  async createLlm(prompt: string): Promise<string> {
    const answer = await this.send('POST', '/create-retell-llm', { general_prompt: prompt }, true);
    return this.idOf(this.agentAnswer(answer, 'create the agent LLM'), 'llm_id');
  }

  async updateLlm(llmId: string, prompt: string): Promise<void> {
    this.agentAnswer(
      await this.send('PATCH', `/update-retell-llm/${encodeURIComponent(llmId)}`, { general_prompt: prompt }),
      'update the LLM',
    );
  }

  async createAgent(llmId: string, fields: RetellAgentFields): Promise<string> {
    const answer = await this.send('POST', '/create-agent', this.agentBody(llmId, fields), true);
    return this.idOf(this.agentAnswer(answer, 'create the agent'), 'agent_id');
  }

  async updateAgent(agentId: string, llmId: string, fields: RetellAgentFields): Promise<void> {
    this.agentAnswer(
      await this.send('PATCH', `/update-agent/${encodeURIComponent(agentId)}`, this.agentBody(llmId, fields)),
      'update the agent',
    );
  }

  /**
   * `POST /v2/create-phone-call`. 429 (`concurrency_limit_reached`) and the account's own problems
   * (401, 402, 403) are VoiceProviderUnavailableError — nothing was placed, ask later; 400/404/422
   * refuse this call (CallRejectedError); a 5xx or a lost answer is CallOutcomeUnknownError.
   */
  async createPhoneCall(call: { from: string; to: string; agentId: string; metadata: RetellCallMetadata }): Promise<string> {
    const answer = await this.send(
      'POST',
      '/v2/create-phone-call',
      { from_number: call.from, to_number: call.to, override_agent_id: call.agentId, metadata: call.metadata },
      true,
    );
    if (answer.status === 201 || answer.status === 200) return this.idOf(answer, 'call_id');
    if (answer.status === 429) {
      throw new VoiceProviderUnavailableError(
        `retell: concurrency limit reached (${describeRefusal(answer)})`,
        retryAfterMs(answer.headers) ?? DEFAULT_THROTTLE_MS,
      );
    }
    if ([401, 402, 403].includes(answer.status))
      throw new VoiceProviderUnavailableError(`retell: ${describeRefusal(answer)}`, 300_000);
    if ([400, 404, 422].includes(answer.status))
      throw new CallRejectedError('rejected_by_provider', `retell: ${describeRefusal(answer)}`);
    throw new CallOutcomeUnknownError(`retell: create-phone-call answered ${describeRefusal(answer)}`);
  }

  /** The call placed with this attempt key (its metadata), if any: `POST /v2/list-calls` filtered by metadata and number. */
  async findCall(attemptKey: string, toNumber: string): Promise<string | null> {
    const answer = await this.send('POST', '/v2/list-calls', {
      filter_criteria: { to_number: [toNumber], metadata: { 'metadata.attempt_key': [attemptKey] } },
      sort_order: 'descending',
      limit: 50,
    });
    if (answer.status !== 200) throw new VoiceProviderUnavailableError(`retell: list-calls answered ${describeRefusal(answer)}`);
    const calls = answer.json();
    if (!Array.isArray(calls)) throw new VoiceProviderUnavailableError('retell: list-calls answered something other than a list');
    // The filter narrows; the key decides (a filter Retell ignored must not pass another call off as ours).
    const ours = calls.find((call: { metadata?: unknown }) => attemptKeyOf(call?.metadata) === attemptKey) as
      { call_id?: unknown } | undefined;
    return typeof ours?.call_id === 'string' ? ours.call_id : null;
  }

  /**
   * `POST /import-phone-number` with the trunk's termination URI. A number Retell already holds
   * (a purchase retried after the import answered) is looked up and accepted as it is.
   */
  async importNumber(phoneNumber: string, nickname: string): Promise<void> {
    const answer = await this.send('POST', '/import-phone-number', {
      phone_number: phoneNumber,
      termination_uri: this.settings.terminationUri,
      nickname,
    });
    if (answer.status === 201 || answer.status === 200) return;
    if (answer.status === 400 || answer.status === 409) {
      const known = await this.send('GET', `/get-phone-number/${encodeURIComponent(phoneNumber)}`);
      if (known.status === 200) return;
    }
    throw new VoiceProviderUnavailableError(`retell: import-phone-number answered ${describeRefusal(answer)}`);
  }

  /** `DELETE /delete-phone-number/{number}`; a number Retell does not know (404) is already gone. */
  async deleteNumber(phoneNumber: string): Promise<void> {
    const answer = await this.send('DELETE', `/delete-phone-number/${encodeURIComponent(phoneNumber)}`);
    if (answer.status < 300 || answer.status === 404) return;
    throw new VoiceProviderUnavailableError(`retell: delete-phone-number answered ${describeRefusal(answer)}`);
  }

  private agentBody(llmId: string, fields: RetellAgentFields) {
    return {
      response_engine: { type: 'retell-llm', llm_id: llmId },
      voice_id: fields.voiceId,
      agent_name: fields.name,
      webhook_url: this.settings.webhookUrl,
      webhook_events: WEBHOOK_EVENTS,
      post_call_analysis_data: [DISPOSITION_ANALYSIS],
    };
  }

  /** An agent request's answer: 2xx passes; 400/422 is the agent's own fault (edit it); the rest is temporary. */
  private agentAnswer(answer: ProviderAnswer, what: string): ProviderAnswer {
    if (answer.status >= 200 && answer.status < 300) return answer;
    if (answer.status === 400 || answer.status === 422)
      throw new AgentMirrorRejectedError(`retell refused to ${what}: ${describeRefusal(answer)}`);
    throw new VoiceProviderUnavailableError(`retell could not ${what}: ${describeRefusal(answer)}`, retryAfterMs(answer.headers));
  }

  private idOf(answer: ProviderAnswer, field: string): string {
    const id = (answer.json() as Record<string, unknown> | undefined)?.[field];
    if (typeof id !== 'string' || id === '')
      throw new CallOutcomeUnknownError(`retell answered ${answer.status} without ${field}`);
    return id;
  }

  private async send(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    writes = false,
  ): Promise<ProviderAnswer> {
    try {
      return await providerRequest(
        'retell',
        {
          method,
          url: `${this.settings.apiUrl}${path}`,
          headers: {
            authorization: `Bearer ${this.settings.apiKey}`,
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          writes,
        },
        this.settings.timeoutMs,
      );
    } catch (error) {
      // Only placing a call needs "unknown" told apart; an agent or LLM created twice is an orphan, not a second call.
      if (error instanceof CallOutcomeUnknownError && path !== '/v2/create-phone-call')
        throw new VoiceProviderUnavailableError(error.message);
      throw error;
    }
  }
}
