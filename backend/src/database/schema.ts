// Every drizzle table, for the client's typed queries and for drizzle-kit's migrations.
export * from '../users/users.schema';
export * from '../auth/sessions.schema';
export * from '../models/models.schema';
export * from '../fine-tune-jobs/fine-tune-jobs.schema';
export * from '../training-jobs/training-jobs.schema';
