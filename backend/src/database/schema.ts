// Every drizzle table, for the client's typed queries and for drizzle-kit's migrations.
export * from '../users/users.schema';
export * from '../auth/sessions.schema';
