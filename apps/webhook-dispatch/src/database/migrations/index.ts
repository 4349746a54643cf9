export const webhookDispatchMigrations = [];
