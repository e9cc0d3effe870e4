import { Box, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { useT } from '../../components/useT';
import { ClusterCard } from './ClusterCard';
import { clusterSummaries, newestSnapshot } from './clusters';
import { DateRangePickers } from './DateRangePickers';
import { toIsoDate } from './isoDate';
import { useDateParam } from './useDateParam';
import { useSnapshots } from './useSnapshots';

/** /training/clusters/{jobId}: the job's clusters with items published in a chosen date range. */
export default function ClusterSelection() {
  const t = useT('training');
  const navigate = useNavigate();
  const { id: jobId = '' } = useParams();
  const [start, setStart] = useDateParam('start');
  const [end, setEnd] = useDateParam('end');
  const startIso = toIsoDate(start);
  const endIso = toIsoDate(end);
  const range = startIso && endIso && startIso <= endIso ? { start: startIso, end: endIso } : null;
  const snapshots = useSnapshots({ start: range?.start, end: range?.end, jobId }, !!range);
  const summaries = range && snapshots.data ? clusterSummaries(newestSnapshot(snapshots.data)?.data?.sections, range.start, range.end) : [];

  const buildModel = (clusterId: number) => {
    if (!range) return;
    const query = new URLSearchParams({ id: String(clusterId), start: range.start, end: range.end, job: jobId });
    navigate(`/training/wizard/subclusters?${query}`);
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('clustersTitle')} />
      <Typography sx={{ mb: 2 }}>{t('clustersIntro')}</Typography>
      <DateRangePickers start={start} end={end} onStartChange={setStart} onEndChange={setEnd} />
      {range &&
        (snapshots.isPending ? (
          <Typography role="status">{t('loadingSnapshots')}</Typography>
        ) : snapshots.error ? null : summaries.length === 0 ? (
          <Typography color="text.secondary">{t('noClusters')}</Typography>
        ) : (
          <Box
            component="section"
            aria-label={t('clustersTitle')}
            sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 2 }}
          >
            {summaries.map((summary) => (
              <ClusterCard key={summary.clusterId} summary={summary} onBuildModel={() => buildModel(summary.clusterId)} />
            ))}
          </Box>
        ))}
    </Box>
  );
}
