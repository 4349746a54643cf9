/**
 * A JSON Schema subset for event payloads, typed against the payload interface: every
 * property of `T` must be described and no other, so the schema cannot drift from the type.
 * docs/asyncapi.yaml embeds these schemas; a test checks the document against them.
 */
export type JsonSchema =
  | {
      type: 'string';
      format?: 'date-time' | 'uuid' | 'email';
      pattern?: string;
      maxLength?: number;
      enum?: readonly string[];
      description?: string;
    }
  | { type: 'integer' | 'number'; minimum?: number; maximum?: number; description?: string }
  | { type: 'boolean'; description?: string }
  | {
      type: readonly ['string', 'null'];
      pattern?: string;
      maxLength?: number;
      enum?: readonly string[];
      format?: 'date-time';
      description?: string;
    }
  | { type: readonly ['integer' | 'number', 'null']; minimum?: number; maximum?: number; description?: string }
  | { type: readonly ['boolean', 'null']; description?: string }
  | { type: 'array'; items: JsonSchema; description?: string }
  | ObjectSchema;

export interface ObjectSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required: readonly string[];
  /** false everywhere but a free-form object the customer shapes (a contact's custom_fields). */
  additionalProperties: boolean;
  description?: string;
}

/** An object whose keys the customer chooses (custom fields): any keys, any JSON values. */
export const freeFormObject = (description: string): ObjectSchema => ({
  type: 'object',
  properties: {},
  required: [],
  additionalProperties: true,
  description,
});

export interface PayloadSchema<T> extends ObjectSchema {
  additionalProperties: false;
  properties: { [K in keyof T]-?: JsonSchema };
  required: ReadonlyArray<keyof T & string>;
}

export const payloadSchema = <T>(schema: Omit<PayloadSchema<T>, 'type' | 'additionalProperties'>): PayloadSchema<T> => ({
  type: 'object',
  additionalProperties: false,
  ...schema,
});
