import type { Static, TObject } from './payload-schema';
import type { Topic } from './topics';

/**
 * One event of the suite, declared once: its name, its topic, its payload schema (from which the
 * payload type, the validator and the AsyncAPI message all follow) and a one-line summary.
 */
export interface EventDefinition<N extends string = string, S extends TObject = TObject> {
  name: N;
  topic: Topic;
  /** Major version of the payload: the topic's (`.v1` → 1), so the two cannot disagree. */
  version: number;
  summary: string;
  schema: S;
}

export type PayloadOfDefinition<D extends EventDefinition> = Static<D['schema']>;

const versionOf = (topic: Topic): number => {
  const match = /\.v([0-9]+)$/.exec(topic);
  if (!match) throw new Error(`topic ${topic} carries no major version (.v<major>)`);
  return Number(match[1]);
};

export const defineEvent = <const N extends string, S extends TObject>(
  name: N,
  topic: Topic,
  schema: S,
  summary: string,
): EventDefinition<N, S> => ({ name, topic, version: versionOf(topic), summary, schema });
