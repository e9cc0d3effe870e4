import { Box, LinearProgress, Typography } from '@mui/material';
import { useT } from '../../components/useT';
import { TrainingJob } from './types';

/** How far a queued or running collection has got: pages fetched of found, and what they held. */
export function JobProgress(props: { progress: NonNullable<TrainingJob['meta']['progress']> | undefined }) {
  const t = useT('training');
  const { found = 0, fetched = 0, articles = 0, sections = 0 } = props.progress ?? {};
  const label = t('pagesFetched', { fetched, found });
  return (
    <Box sx={{ my: 2, maxWidth: 640 }}>
      <Typography variant="body2">{label}</Typography>
      <LinearProgress
        variant={found > 0 ? 'determinate' : 'indeterminate'}
        value={found > 0 ? Math.min(100, (100 * fetched) / found) : undefined}
        aria-label={label}
        sx={{ my: 1 }}
      />
      <Typography variant="caption" color="text.secondary">
        {t('progressCounts', { articles, sections })}
      </Typography>
    </Box>
  );
}
