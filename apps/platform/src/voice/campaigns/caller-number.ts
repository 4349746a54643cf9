import { CompanyScopedRepository } from '@suite/database';
import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { AgentEntity } from '../agents/agent.entity';
import { PhoneNumberEntity } from '../phone-numbers/phone-number.entity';

type Source = DataSource | EntityManager;

/** The company's live (not released) number `e164`, or null. */
export async function liveNumber(source: Source, companyId: string, e164: string): Promise<PhoneNumberEntity | null> {
  return CompanyScopedRepository.of(source, PhoneNumberEntity, companyId).findOne({
    where: { phoneNumber: e164, releasedAt: IsNull() },
  });
}

/** The outbound number (E.164) of an active, live agent of the company, or null when it has none that is live. */
export async function agentOutboundNumber(source: Source, companyId: string, agentId: string): Promise<string | null> {
  const agent = await CompanyScopedRepository.of(source, AgentEntity, companyId).findOne({
    where: { id: agentId, deletedAt: IsNull(), active: true },
  });
  if (!agent?.outboundNumberId) return null;
  const number = await CompanyScopedRepository.of(source, PhoneNumberEntity, companyId).findOne({
    where: { id: agent.outboundNumberId, releasedAt: IsNull() },
  });
  return number?.phoneNumber ?? null;
}

/**
 * The number a campaign calls from now: its caller number while the company still holds it, or
 * its agent's outbound number while the agent is active and holds one. Null: it cannot call now
 * (the number was released, the agent deactivated); the dialer waits rather than call from a
 * number that is not the company's.
 */
export async function campaignFromNumber(
  source: Source,
  campaign: { companyId: string; agentId: string | null; callerNumber: string | null },
): Promise<string | null> {
  if (campaign.callerNumber) {
    return (await liveNumber(source, campaign.companyId, campaign.callerNumber)) ? campaign.callerNumber : null;
  }
  return campaign.agentId ? agentOutboundNumber(source, campaign.companyId, campaign.agentId) : null;
}
