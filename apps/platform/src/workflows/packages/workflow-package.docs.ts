import { ApiProperty, type ApiBodyOptions } from '@nestjs/swagger';
import { PACKAGE_SCHEMA, PACKAGE_VERSION } from '../definition/package/workflow-package';
import { PACKAGE_FILE_FIELD, PACKAGE_FILE_MAX_BYTES } from './import-body';

export class PackagedWorkflowResponse {
  @ApiProperty({ maxLength: 255 }) name!: string;
  @ApiProperty({ type: String, nullable: true }) description!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'The graph: {triggers[], actions[], edges[]}' })
  trigger_config!: Record<string, unknown>;
  @ApiProperty({ type: 'object', additionalProperties: true }) settings!: Record<string, unknown>;
}

/** The export package: no owner and no id of the workflow, so any company can import it. */
export class WorkflowPackageResponse {
  @ApiProperty({ enum: [PACKAGE_SCHEMA] }) schema!: string;
  @ApiProperty({ type: 'integer', enum: [PACKAGE_VERSION] }) version!: number;
  @ApiProperty({ type: PackagedWorkflowResponse }) workflow!: PackagedWorkflowResponse;
}

/** The import body: free-form JSON read by parsePackage, or a file upload. */
export const PACKAGE_BODY_DOC: ApiBodyOptions = {
  description:
    `The export package \`{schema: "${PACKAGE_SCHEMA}", version: ${PACKAGE_VERSION}, workflow: {name, description, trigger_config, settings}}\`, ` +
    `or its \`workflow\` object alone; ` +
    `or, as multipart/form-data, the package file in field "${PACKAGE_FILE_FIELD}" (JSON, at most ${PACKAGE_FILE_MAX_BYTES} bytes).`,
  schema: {
    type: 'object',
    additionalProperties: true,
    properties: {
      schema: { type: 'string', enum: [PACKAGE_SCHEMA] },
      version: { type: 'integer', minimum: 1, maximum: PACKAGE_VERSION },
      workflow: { type: 'object', additionalProperties: true },
    },
  },
};
