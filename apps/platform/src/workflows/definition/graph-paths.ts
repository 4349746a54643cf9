import type { WorkflowGraph } from './workflow-graph';

/** The ids of the actions no trigger leads to, in graph order. */
export function unreachableActions(graph: WorkflowGraph): string[] {
  const next = successors(graph);
  const seen = new Set<string>();
  const queue = graph.triggers.map((trigger) => trigger.id);
  while (queue.length > 0) {
    const id = queue.pop() as string;
    for (const to of next.get(id) ?? []) {
      if (seen.has(to)) continue;
      seen.add(to);
      queue.push(to);
    }
  }
  return graph.actions.filter((action) => !seen.has(action.id)).map((action) => action.id);
}

/**
 * The loops a run could go round without ever waiting, each as its node ids (first repeated at
 * the end: `a2 → a3 → a2`). A loop through a Wait is allowed (re-check every day); one without
 * would spin. Found as the strongly connected components of the graph left when the waits are
 * taken out (Tarjan; at most 200 actions, so recursion depth is bounded).
 */
export function findLoopsWithoutWait(graph: WorkflowGraph): string[][] {
  const waits = new Set(graph.actions.filter((action) => action.type === 'wait').map((action) => action.id));
  const next = successors(graph);
  const ids = graph.actions.map((action) => action.id).filter((id) => !waits.has(id));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  let counter = 0;

  const visit = (id: string): void => {
    index.set(id, counter);
    low.set(id, counter++);
    stack.push(id);
    onStack.add(id);
    for (const to of next.get(id) ?? []) {
      if (waits.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(id, Math.min(low.get(id) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(id, Math.min(low.get(id) as number, index.get(to) as number));
    }
    if (low.get(id) !== index.get(id)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== id);
    const selfLoop = (next.get(id) ?? []).includes(id);
    if (component.length > 1 || selfLoop) loops.push([...component.reverse(), component[0] as string]);
  };
  for (const id of ids) if (!index.has(id)) visit(id);
  return loops;
}

function successors(graph: WorkflowGraph): Map<string, string[]> {
  const next = new Map<string, string[]>();
  for (const edge of graph.edges) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  return next;
}
