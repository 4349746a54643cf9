import { Module, type ModuleMetadata } from '@nestjs/common';
import type { EntitySchema } from 'typeorm';

/** A TypeORM entity class or schema, as a DataSource lists them. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own entity list type
export type EntityDefinition = Function | EntitySchema;

export interface FeatureModuleMetadata extends ModuleMetadata {
  /** The tables this feature owns; no other feature may list them. */
  entities?: readonly EntityDefinition[];
}

/** Entities per feature module class. */
const featureEntities = new WeakMap<object, readonly EntityDefinition[]>();

/**
 * A Nest module that also says which tables it owns: `@FeatureModule({ entities, controllers,
 * providers, … })`. Its event handlers are providers like any other (EventingModule finds every
 * `@OnEvent` method), so a feature registers its tables, routes and handlers in one place, and
 * the app lists the feature once.
 *
 * The entities are read with `entitiesOf(features)` — by the app module for its DataSource, and by
 * the tools that need them without booting Nest (migration generation, the drift check, the
 * launcher: tools/suite-apps.ts), so the app and its migrations always see the same tables.
 * Not TypeOrmModule.forFeature: that would hand out TypeORM repositories of tenant tables, which
 * must be reached through CompanyScopedRepository only.
 */
export function FeatureModule({ entities = [], ...metadata }: FeatureModuleMetadata): ClassDecorator {
  return (target) => {
    featureEntities.set(target, entities);
    Module(metadata)(target);
  };
}

/** The entities of `modules` in order (a plain @Module owns none); a table listed by two features is an error. */
export function entitiesOf(modules: readonly object[]): EntityDefinition[] {
  const owners = new Map<EntityDefinition, string>();
  for (const module of modules) {
    for (const entity of featureEntities.get(module) ?? []) {
      const owner = owners.get(entity);
      const name = (module as { name?: string }).name ?? 'a module';
      if (owner) throw new Error(`${entityName(entity)} is owned by both ${owner} and ${name}`);
      owners.set(entity, name);
    }
  }
  return [...owners.keys()];
}

const entityName = (entity: EntityDefinition): string => ('options' in entity ? entity.options.name : entity.name);
