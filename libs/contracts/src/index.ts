export * from './events/envelope';
export * from './events/topics';
export * from './events/payload-schema';
export * from './events/event-map';
export * from './events/platform-company.events';
export * from './apps/app-catalog';
export * from './events/validate-payload';
