import { Card, CardContent, Typography } from '@mui/material';
import { DetailsTable } from '../../components/DetailsTable';
import type { ScreenT } from '../../components/useT';
import { formatCount, formatDate } from '../../i18n/format';
import { batchStatusText } from './bulk';
import { BulkProgress } from './types';

/** /history/{id}: a bulk article's place in its batches: round, the batch's status and counts, when it should end, and its window's end. */
export function BulkBlock(props: { bulk: BulkProgress; t: ScreenT<'history'> }) {
  const { bulk, t } = props;
  return (
    <Card variant="outlined" component="section" aria-labelledby="entry-bulk-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="entry-bulk-heading" sx={{ mb: 1 }}>
          {t('bulkTitle')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('bulkIntro')}
        </Typography>
        <DetailsTable
          label={t('bulkTitle')}
          rows={[
            [t('bulkRound'), String(bulk.round)],
            [t('bulkStatus'), batchStatusText(bulk.batch_status, t)],
            [
              t('bulkRequests'),
              t('bulkRequestCounts', { completed: formatCount(bulk.completed), failed: formatCount(bulk.failed), total: formatCount(bulk.total) }),
            ],
            [t('bulkExpectedAt'), formatDate(bulk.expected_at)],
            [t('bulkExpiresAt'), formatDate(bulk.expires_at)],
          ]}
        />
      </CardContent>
    </Card>
  );
}
