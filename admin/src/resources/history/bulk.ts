import { formatDate } from '../../i18n/format';
import type { ScreenT } from '../../components/useT';
import { BulkProgress } from './types';

type T = ScreenT<'history'>;

/** The batch's status in words ("in progress"); null is a section waiting for the next batch file. */
export const batchStatusText = (status: BulkProgress['batch_status'], t: T) => t(`batchStatus_${status ?? 'waiting'}`);

/**
 * History's compact line for a bulk article, e.g. "Bulk · round 2 · in progress · 120/600 · expected …":
 * while it is open, its current batch's status, counts and expected time; once it ended, its round.
 */
export function bulkLine(bulk: BulkProgress, open: boolean, t: T): string {
  const parts = [t('bulkLine', { round: bulk.round })];
  if (open) {
    parts.push(batchStatusText(bulk.batch_status, t));
    if (bulk.batch_status !== null && bulk.total > 0) parts.push(t('bulkCounts', { completed: bulk.completed, total: bulk.total }));
    if (bulk.failed > 0) parts.push(t('bulkFailedCount', { failed: bulk.failed }));
    if (bulk.expected_at) parts.push(t('bulkExpected', { date: formatDate(bulk.expected_at) }));
  }
  return parts.join(t('bulkSeparator'));
}
