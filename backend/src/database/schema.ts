// Every drizzle table, for the client's typed queries and for drizzle-kit's migrations.
export * from '../users/users.schema';
export * from '../auth/sessions.schema';
export * from '../models/models.schema';
export * from '../fine-tune-jobs/fine-tune-jobs.schema';
export * from '../training-jobs/training-jobs.schema';
export * from '../logit-bias-groups/logit-bias-groups.schema';
export * from '../sections/sections.schema';
export * from '../sections/section-versions.schema';
export * from '../articles/articles.schema';
export * from '../clients/clients.schema';
export * from '../generation/generation.schema';
export * from '../training-jobs/training-snapshots.schema';
export * from '../integrations/pace/pace.schema';
export * from '../previews/previews.schema';
export * from '../integrations/openai/model-parameters.schema';
export * from '../integrations/openai/fine-tune-refusals.schema';
export * from '../evaluations/evaluations.schema';
