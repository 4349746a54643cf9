export const authMigrations = [];
