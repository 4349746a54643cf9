import { ACTION_CATALOG } from '../../definition/catalog/action-catalog';
import { ACTION_EXECUTOR_CLASSES } from './action-executors';

describe('action executors', () => {
  it('execute exactly the catalog’s action types', () => {
    // An executor's type is an instance field; its dependencies are not needed to read it.
    const types = ACTION_EXECUTOR_CLASSES.map((Executor) => new (Executor as unknown as new () => { type: string })().type);
    expect([...types].sort()).toEqual(ACTION_CATALOG.map((entry) => entry.type).sort());
  });
});
