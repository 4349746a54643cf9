export * from './message-status';
export * from './message-status-machine';
export { SQL_NOW, type StatusEventCommand } from './guarded-status-update-sql';
export * from './guarded-status-update';
export * from './guarded-status-update-many';
