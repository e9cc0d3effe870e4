import { Box, Typography } from '@mui/material';
import { useT } from '../../components/useT';

/** More bars than this would be slivers; the rest are summed up in a caption. */
const MAX_BARS = 40;
/** The accessible label lists this many sizes, then "…". */
const MAX_SPOKEN = 10;

/** Cluster sizes, largest first, as plain bars; one image for assistive technology. */
export function ClusterSizeChart(props: { sizes: number[] }) {
  const t = useT('training');
  const sizes = [...props.sizes].sort((a, b) => b - a);
  if (sizes.length === 0) return null;
  const shown = sizes.slice(0, MAX_BARS);
  const largest = Math.max(1, shown[0]);
  const spoken = sizes.slice(0, MAX_SPOKEN).join(', ') + (sizes.length > MAX_SPOKEN ? ', …' : '');
  return (
    <Box>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {t('chartTitle')}
      </Typography>
      <Box
        role="img"
        aria-label={t('chartLabel', { sizes: spoken })}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: '2px', height: 120, maxWidth: 640, borderBottom: 1, borderColor: 'divider' }}
      >
        {shown.map((size, index) => (
          <Box
            key={index}
            title={String(size)}
            sx={{
              flex: '1 1 0',
              maxWidth: 24,
              minWidth: 3,
              height: `${Math.max(2, (100 * size) / largest)}%`,
              bgcolor: 'primary.main',
              borderRadius: '2px 2px 0 0',
            }}
          />
        ))}
      </Box>
      {sizes.length > shown.length && (
        <Typography variant="caption" color="text.secondary">
          {t('chartMore', { shown: shown.length, total: sizes.length })}
        </Typography>
      )}
    </Box>
  );
}
