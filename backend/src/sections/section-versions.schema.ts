import { workspaceColumns } from '../workspaces/workspaces.schema';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sectionContentColumns } from './sections.schema';

/**
 * One immutable version of a section: all its fields as one create, update or restore left them.
 * No foreign key to the section: deleting a section keeps its versions for the articles that
 * snapshotted it. A deleted bias word list leaves its versions with none, as it does its sections.
 */
export const sectionVersions = pgTable(
  'section_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...workspaceColumns(),
    sectionId: uuid('section_id').notNull(),
    version: integer('version').notNull(),
    ...sectionContentColumns(),
    notes: text('notes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('section_versions_section_version_idx').on(table.sectionId, table.version),
    index('section_versions_workspace_idx').on(table.workspaceId),
  ],
);

export type SectionVersionRow = typeof sectionVersions.$inferSelect;
