import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { definitionsOf, jsonSchemaOf, type OpenApiSchema } from './json-schema-of';
import type { RecordedAnswer } from '@suite/contracts';

/** The parts of an OpenAPI document the check reads. */
export interface ContractDocument {
  paths: Record<string, Record<string, { responses?: Record<string, ContractResponse> }>>;
  components?: { schemas?: Record<string, OpenApiSchema> };
}

interface ContractResponse {
  content?: Record<string, { schema?: OpenApiSchema }>;
}

export type Verdict = { kind: 'conforms' } | { kind: 'not-documented-route' } | { kind: 'violates'; problem: string };

/**
 * Checks answers against the OpenAPI documents of the processes that gave them (decision 0026):
 * the route's operation must document the status; the answer's media type must be one the
 * response lists (or none, for a response without content); a JSON body must match the schema,
 * objects closed. Routes outside the document (probes, auth's browser forms) are not its
 * business: the every-app spec fails on a route that is neither documented nor listed.
 */
export class AnswerContract {
  private readonly ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly documents: ReadonlyMap<string, ContractDocument>) {
    for (const [id, document] of documents) this.ajv.addSchema(definitionsOf(document.components?.schemas ?? {}, `doc:${id}`));
  }

  verdict(answer: RecordedAnswer): Verdict {
    const document = this.documents.get(answer.document);
    if (!document) return { kind: 'violates', problem: `the document ${answer.document} was not recorded` };
    const operation = document.paths[answer.route]?.[answer.method.toLowerCase()];
    if (!operation) return { kind: 'not-documented-route' };
    const status = String(answer.status);
    const response = operation.responses?.[status] ?? operation.responses?.[`${status[0]}XX`];
    if (!response) return { kind: 'violates', problem: `status ${status} is not documented` };
    const problem = this.contentProblem(answer, response, `${answer.document} ${answer.method} ${answer.route} ${status}`);
    return problem ? { kind: 'violates', problem } : { kind: 'conforms' };
  }

  private contentProblem(answer: RecordedAnswer, response: ContractResponse, key: string): string | null {
    const documented = Object.keys(response.content ?? {});
    const hasBody = answer.body === null || answer.body.length > 0;
    if (!hasBody) return documented.length === 0 ? null : `no body, but the document shows ${documented.join(', ')}`;
    const mediaType = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (documented.length === 0) return `a body (${mediaType || 'no content type'}) the document does not show`;
    const entry = documented.find((candidate) => candidate === mediaType || candidate === '*/*');
    if (!entry) return `answered as ${mediaType || 'no content type'}, documented as ${documented.join(', ')}`;
    const schema = response.content![entry]!.schema;
    if (!schema || answer.body === null || !mediaType.endsWith('json')) return null;
    let body: unknown;
    try {
      body = JSON.parse(answer.body);
    } catch {
      return 'the body is not JSON';
    }
    const validate = this.validatorFor(`${key} ${entry}`, schema, answer.document);
    if (validate(body)) return null;
    const errors = (validate.errors ?? []).slice(0, 3).map((error) => {
      const extra = (error.params as { additionalProperty?: string }).additionalProperty;
      return `${error.instancePath || '(body)'} ${error.message}${extra ? ` "${extra}"` : ''}`;
    });
    return `the body does not match the documented schema: ${errors.join('; ')}`;
  }

  private validatorFor(key: string, schema: OpenApiSchema, documentId: string): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(jsonSchemaOf(schema, `doc:${documentId}`));
      this.validators.set(key, validate);
    }
    return validate;
  }
}
