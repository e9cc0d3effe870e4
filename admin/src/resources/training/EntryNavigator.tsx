import { Button, Stack, Typography } from '@mui/material';
import { useT } from '../../components/useT';
import { WizardEntry } from './clusters';

/** "Showing section entry N of M", the entry's sub-cluster, and Prev / Next within bounds. */
export function EntryNavigator(props: { index: number; entries: WizardEntry[]; disabled: boolean; onMove: (index: number) => void }) {
  const t = useT('training');
  const { index, entries } = props;
  const subCluster = entries[index]?.subCluster;
  return (
    <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
      <Button variant="outlined" size="small" disabled={props.disabled || index <= 0} onClick={() => props.onMove(index - 1)}>
        {t('prev')}
      </Button>
      <Stack>
        <Typography role="status">{t('entryPosition', { n: index + 1, m: entries.length })}</Typography>
        {subCluster && (
          <Typography variant="caption" color="text.secondary">
            {t('subCluster', { k: subCluster.k, total: subCluster.of })}
          </Typography>
        )}
      </Stack>
      <Button variant="outlined" size="small" disabled={props.disabled || index >= entries.length - 1} onClick={() => props.onMove(index + 1)}>
        {t('next')}
      </Button>
    </Stack>
  );
}
