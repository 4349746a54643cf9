export const platformMigrations = [];
