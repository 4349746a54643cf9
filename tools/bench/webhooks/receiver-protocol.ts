/** What the bench says to its receiver process (receiver-process.ts) over IPC, and what it answers. */
export type ReceiverBehaviour = 'ok' | 'hang';

export type ReceiverCommand =
  | { id: number; kind: 'behave'; path: string; behaviour: ReceiverBehaviour }
  /** Forgets the requests and connections counted so far. */
  | { id: number; kind: 'reset' }
  /** How many requests were recorded, in all and per path. */
  | { id: number; kind: 'count' }
  /** Every request recorded since the last reset. */
  | { id: number; kind: 'dump' }
  /** Destroys the connections of the requests it never answered ("hang"). */
  | { id: number; kind: 'release' };

export interface ReceiverCounts {
  total: number;
  /** TCP connections opened since the last reset (keep-alive reuse shows here). */
  connections: number;
  byPath: Record<string, number>;
}

/** Columns rather than objects: one entry per request, tens of thousands per run. */
export interface ReceiptDump {
  /** Receipt times (the body read), ms since the epoch with sub-ms precision. */
  at: number[];
  paths: string[];
  /** The `webhook-id` header ('' when absent). */
  ids: string[];
}

export interface ReceiverAnswer {
  id: number;
  kind: 'done';
  counts?: ReceiverCounts;
  dump?: ReceiptDump;
}

export type ReceiverReply = { kind: 'ready'; port: number } | ReceiverAnswer;
