import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject } from 'class-validator';

/**
 * `trigger_config`, the whole graph: free-form JSON for the validation pipe (an object, nothing
 * more), checked node by node by validateGraph (definition/validate-graph.ts), whose problems
 * answer 422 naming the node and field. Documented as an object with its three arrays.
 */
export const IsTriggerConfig = (required: boolean) =>
  applyDecorators(
    (required ? ApiProperty : ApiPropertyOptional)({
      type: 'object',
      additionalProperties: true,
      description:
        'The graph: `{triggers: [{id, type, config}], actions: [{id, type, config}], edges: [{from, to, branch?}]}`; ' +
        'types from GET /api/Workflow/catalog/triggers and /catalog/actions, config fields per catalog entry (docs/workflows.md). ' +
        'Checked as a whole: problems answer 422 with fields such as `trigger_config.actions[a1].config.message`.',
      example: {
        triggers: [{ id: 't1', type: 'contact_created', config: {} }],
        actions: [{ id: 'a1', type: 'send_sms', config: { message: 'Hi {{contact.first_name}}' } }],
        edges: [{ from: 't1', to: 'a1' }],
      },
    }),
    IsObject(),
  );
