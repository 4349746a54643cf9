export { FOUNDATION_ENTITIES, foundationModules, type FoundationOptions } from './foundation-modules';
