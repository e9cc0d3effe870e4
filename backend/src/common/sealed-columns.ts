/** What a sealed secret is for: its column's purpose, bound with its row's id as the SecretBox context. */
export type SealedPurpose =
  'NOTION_SECRET' | 'DATABASE_ID' | 'OPENAI_API_KEY' | 'NOTION_WEBHOOK_VERIFICATION' | 'google-refresh-token' | 'google-access-token' | 'MODEL_CONNECTION_KEY';

/** The SecretBox context of a row's secret: "<row id>:<purpose>", so that a ciphertext copied into another row or column does not open. */
export const sealContext = (rowId: string, purpose: SealedPurpose) => `${rowId}:${purpose}`;

/**
 * Every column that holds SecretBox ciphertext, in any schema a backup may hold: a backup says
 * which key opens them, and a restore checks that its key does before it writes anything.
 */
export const SEALED_COLUMNS: readonly { table: string; column: string; purpose: SealedPurpose }[] = [
  { table: 'workspaces', column: 'notion_secret', purpose: 'NOTION_SECRET' },
  { table: 'workspaces', column: 'notion_database_id', purpose: 'DATABASE_ID' },
  { table: 'workspaces', column: 'openai_api_key', purpose: 'OPENAI_API_KEY' },
  { table: 'workspaces', column: 'notion_webhook_verification', purpose: 'NOTION_WEBHOOK_VERIFICATION' },
  { table: 'model_connections', column: 'api_key', purpose: 'MODEL_CONNECTION_KEY' },
  { table: 'users', column: 'google_refresh_token', purpose: 'google-refresh-token' },
  { table: 'users', column: 'google_access_token', purpose: 'google-access-token' },
  // Before workspaces (migration 0015) the connection settings were each user's, sealed for the user's id.
  { table: 'users', column: 'notion_secret', purpose: 'NOTION_SECRET' },
  { table: 'users', column: 'notion_database_id', purpose: 'DATABASE_ID' },
  { table: 'users', column: 'openai_api_key', purpose: 'OPENAI_API_KEY' },
];
