import type { WorkflowNode } from '../../definition/workflow-graph';
import type { TriggerFacts } from './trigger-occurrence';

const same = (a: string | null | undefined, b: unknown): boolean =>
  typeof b === 'string' && typeof a === 'string' && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Whether a trigger node of the occurrence's type starts a run for it: an unset filter matches
 * everything; a set one must equal the event's fact (case-insensitive; a keyword is contained).
 * The configs are the validated, normalised ones of a frozen version (ids as decimal strings).
 */
export function triggerMatches(node: WorkflowNode, facts: TriggerFacts): boolean {
  const config = node.config;
  switch (node.type) {
    case 'contact_created':
      return config.source === undefined || same(facts.source, config.source);
    case 'contact_stage_moved':
      return (
        (config.pipeline_id === undefined || facts.pipelineId === String(config.pipeline_id)) &&
        (config.stage_id === undefined || facts.stageId === String(config.stage_id))
      );
    case 'tag_added':
      return (facts.addedTags ?? []).some((tag) => same(tag, config.tag));
    case 'sms_received':
      return (
        config.keyword === undefined ||
        (typeof config.keyword === 'string' && (facts.body ?? '').toLowerCase().includes(config.keyword.trim().toLowerCase()))
      );
    case 'call_ended':
      return (
        (config.disposition === undefined || same(facts.disposition, config.disposition)) &&
        (config.call_status === undefined || facts.callStatus === config.call_status)
      );
    default:
      // sms_replied, appointment_scheduled, run_now: no filter.
      return true;
  }
}
