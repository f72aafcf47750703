export { createDatabaseIfMissing } from './create-database.js';
export { closedFolderOnTheWay } from './folder-access.js';
export { startLocalPostgres } from './local-postgres.js';
export type { LocalPostgres, LocalPostgresOptions } from './local-postgres.js';
