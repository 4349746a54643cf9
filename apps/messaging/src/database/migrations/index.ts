export const messagingMigrations = [];
