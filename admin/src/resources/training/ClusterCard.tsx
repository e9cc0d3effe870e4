import { Button, Card, CardActions, CardContent, Typography } from '@mui/material';
import { useT } from '../../components/useT';
import { ClusterSummary } from './clusters';
import { capitaliseWords } from './sectionText';
import { SectionBlocks } from './SectionBlocks';

/** One cluster: its size in the date range and its first section as an example. */
export function ClusterCard(props: { summary: ClusterSummary; onBuildModel: () => void }) {
  const t = useT('training');
  const { clusterId, totalCount, first } = props.summary;
  const titleId = `cluster-${clusterId}-title`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flex: 1 }}>
        <Typography variant="h6" component="h2" id={titleId}>
          {t('clusterTitle', { id: clusterId })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 1 }}>
          <strong>{t('totalItems')}</strong> {totalCount}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('exampleSection')}
        </Typography>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 0.5 }}>
          {capitaliseWords(first.heading)}
        </Typography>
        <SectionBlocks blocks={first.children ?? []} />
      </CardContent>
      <CardActions>
        <Button size="small" onClick={() => window.alert(t('anchorStub'))}>
          {t('anchorSection')}
        </Button>
        <Button size="small" variant="contained" onClick={props.onBuildModel}>
          {t('buildModel')}
        </Button>
      </CardActions>
    </Card>
  );
}
