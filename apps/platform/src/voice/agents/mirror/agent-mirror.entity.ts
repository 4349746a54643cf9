import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * Our agent's copy at the voice provider (docs/voice.md, "Agents at the provider"): Retell's agent
 * and LLM ids, written by the mirroring job after each `agent.created` / `agent.updated`. One row
 * per agent and provider, so switching PLATFORM_VOICE_PROVIDER mirrors again rather than reusing
 * another provider's ids. `error` holds the provider's refusal of the agent as it stands (an
 * unknown voice, say) until an edit mirrors it successfully.
 */
@Entity({ name: 'agent_mirrors' })
export class AgentMirrorEntity {
  @PrimaryColumn({ type: 'bigint' })
  agentId!: string;

  @PrimaryColumn({ type: 'varchar', length: 32 })
  provider!: string;

  @Column({ type: 'bigint' })
  companyId!: string;

  @Column({ type: 'varchar', length: 128, nullable: true })
  providerAgentId!: string | null;

  @Column({ type: 'varchar', length: 128, nullable: true })
  providerLlmId!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  error!: string | null;

  /** When the provider last answered for this agent (its ids, or its refusal). */
  @Column({ type: 'timestamptz' })
  mirroredAt!: Date;
}
