import { payload, type Static, type TObject, type TProperties } from '../events/payload-schema';

/** Each field of a webhook kind's `data` (its key, in the spec's order) and the source event's property it is. */
type FieldSources<S extends TObject> = Readonly<Record<string, keyof S['properties'] & string>>;

type Renamed<S extends TObject, M extends FieldSources<S>> = { -readonly [K in keyof M & string]: S['properties'][M[K]] };

/**
 * A webhook kind's `data` that is its source event's properties under the spec's names, declared
 * once: the schema (each property the event's own) and the mapping from an event, which copies
 * the fields in the order listed (the body's bytes follow it).
 */
export function webhookFields<S extends TObject, const M extends FieldSources<S>>(source: S, fields: M) {
  const properties = Object.fromEntries(Object.entries(fields).map(([key, from]) => [key, source.properties[from]]));
  const schema = payload(properties as TProperties as Renamed<S, M>);
  const from = (event: Static<S>): Static<typeof schema> => {
    const record = event as Record<string, unknown>;
    return Object.fromEntries(Object.entries(fields).map(([key, property]) => [key, record[property]])) as Static<typeof schema>;
  };
  return { schema, from };
}

/** The mapping for a kind whose `data` is some of its event's properties under the same names: copies them, in the schema's order. */
export function sameFields<W extends TObject>(schema: W): (event: Static<W>) => Static<W> {
  const keys = Object.keys(schema.properties);
  return (event) => {
    const record = event as Record<string, unknown>;
    return Object.fromEntries(keys.map((key) => [key, record[key]])) as Static<W>;
  };
}
