import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { DetailsTable } from '../../components/DetailsTable';
import { formatDate } from '../../i18n/format';
import { useT } from '../../components/useT';
import { ClusterSizeChart } from './ClusterSizeChart';
import { JobProgress } from './JobProgress';
import { isOpenJob, TrainingJob } from './types';
import { useTrainingJob } from './useTrainingJob';

function ClusterSummary(props: { job: TrainingJob }) {
  const t = useT('training');
  const { counts, clusterSizes } = props.job.meta;
  if (!counts) return <Typography color="text.secondary">{t('noClusterSummary')}</Typography>;
  return (
    <Stack spacing={2}>
      <DetailsTable
        label={t('clusterSummary')}
        rows={[
          [t('sectionClusters'), String(counts.sections.clusters)],
          [t('sectionSubClusters'), String(counts.sections.subClusters)],
          [t('introClusters'), String(counts.h1sAndIntros.clusters)],
          [t('introSubClusters'), String(counts.h1sAndIntros.subClusters)],
        ]}
      />
      <ClusterSizeChart sizes={clusterSizes?.sections ?? []} />
    </Stack>
  );
}

/** /training/view/{id}: a collection job's details, its progress while it runs, and its clusters. */
export default function TrainingJobView() {
  const t = useT('training');
  const navigate = useNavigate();
  const { id } = useParams();
  const { data: job, error, isPending } = useTrainingJob(id);
  const none = t('none');
  const raw = job?.meta.rawMeta;

  return (
    <Box sx={{ p: 2, maxWidth: 1000 }}>
      <Title title={t('jobTitle')} />
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {t('loadFailed')}
        </Alert>
      )}
      {isPending && !error && <CircularProgress size={24} aria-label={t('loadingJob')} />}
      {job && (
        <Stack spacing={2}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('jobHeading')}
              </Typography>
              <DetailsTable
                label={t('jobHeading')}
                preWrap
                rows={[
                  [t('status'), job.status],
                  [t('message'), job.message ?? none],
                  [t('url'), job.url],
                  [t('started'), formatDate(job.startedAt)],
                  [t('completed'), formatDate(job.completedAt)],
                ]}
              />
              {isOpenJob(job) && <JobProgress progress={job.meta.progress} />}
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('metaSummary')}
              </Typography>
              <DetailsTable
                label={t('metaSummary')}
                rows={[
                  [t('uuid'), raw?.uuid ?? none],
                  [t('sourceUrl'), raw?.url ?? none],
                  [t('collected'), formatDate(raw?.createdAt)],
                ]}
              />
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('clusterSummary')}
              </Typography>
              <ClusterSummary job={job} />
            </CardContent>
          </Card>
          <Box>
            <Button variant="contained" disabled={job.status !== 'completed'} onClick={() => navigate(`/training/clusters/${job._id}`)}>
              {t('startWizard')}
            </Button>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
