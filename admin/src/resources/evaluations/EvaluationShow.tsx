import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Title, useDataProvider, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';
import { useT } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';
import { formatDate, formatDecimal, formatUsd } from '../../i18n/format';
import { BlindJudging } from './BlindJudging';
import { hasItems, isOpen, ListedEvaluation, STATUS_COLOR } from './types';
import { WinRateChart } from './WinRateChart';

/** While it is queued or running, the evaluation is read again this often. */
const FOLLOW_MS = 2000;

const score = (value: number | null) => (value === null ? '—' : formatDecimal(value, 3));
const percent = (value: number) => `${Math.round(value * 100)} %`;

/** Per variant: what it is, its mean scores and cost, and how people judged it. */
function Summary(props: { evaluation: ListedEvaluation }) {
  const t = useT('evaluations');
  const { evaluation } = props;
  const columns = ['variant', 'model', 'examplesCount', 'outputs', 'similarity', 'rougeL', 'cost', 'wins', 'losses', 'ties', 'winRate'] as const;
  return (
    // Eleven columns are wider than a narrow window (and German's headings are long): the table scrolls
    // sideways in a region that takes the keyboard's focus, so it can be scrolled without a mouse.
    <Box role="region" aria-label={t('summaryTitle')} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('summaryTitle')}>
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} sx={{ whiteSpace: column === 'rougeL' || column === 'cost' ? 'nowrap' : undefined }}>
                {t(`column_${column}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {evaluation.summary.map((s) => {
            const variant = evaluation.variants.find((v) => v.label === s.label)!;
            return (
              <TableRow key={s.label}>
                <TableCell component="th" scope="row">
                  {s.label}
                </TableCell>
                <TableCell>{variant.model_name}</TableCell>
                <TableCell>{variant.examples_count}</TableCell>
                <TableCell>{s.outputs}</TableCell>
                <TableCell>{score(s.mean_similarity)}</TableCell>
                <TableCell>{score(s.mean_rouge_l)}</TableCell>
                <TableCell>{formatUsd(s.cost_usd, t('priceUnknown'))}</TableCell>
                <TableCell>{s.wins}</TableCell>
                <TableCell>{s.losses}</TableCell>
                <TableCell>{s.ties}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {s.win_rate === null
                    ? t('notJudged')
                    : t('winRate', { rate: percent(s.win_rate), low: percent(s.win_rate_low!), high: percent(s.win_rate_high!) })}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

/**
 * /evaluations/{id}: progress while it runs, the summary per variant (scores, cost, win rates with
 * their intervals, a chart and the verdict), blind judging, and the Promptfoo download. Opened from
 * the list, it shows the list's record until its own read comes; judging waits for the items.
 */
export default function EvaluationShow() {
  const t = useT('evaluations');
  const { id = '' } = useParams();
  const dataProvider = useDataProvider<QuireDataProvider>();
  // Judging and a new evaluation are an editor's; a viewer reads the results.
  const canWrite = useCanWrite('evaluations');
  const { data: evaluation, error } = useGetOne<ListedEvaluation>(
    'evaluations',
    { id },
    { refetchInterval: (query) => (query.state.data && isOpen(query.state.data) ? FOLLOW_MS : false) },
  );
  if (error) return <Alert severity="error">{t('loadFailed')}</Alert>;
  if (!evaluation) return <Typography role="status">{t('loading')}</Typography>;
  const { done, total } = evaluation.progress;
  const download = async () => window.location.assign(await dataProvider.evaluationPromptfooUrl(evaluation.id));
  return (
    <Box sx={{ p: 2, maxWidth: 1100 }}>
      <Title title={t('showTitle', { name: evaluation.model_name })} />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }} flexWrap="wrap" useFlexGap>
        <Button
          component={RouterLink}
          to={canWrite && evaluation.modelId ? `/evaluations/new?model=${evaluation.modelId}` : '/models'}
          startIcon={<ArrowBackIcon />}
        >
          {t('back')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('showTitle', { name: evaluation.model_name })}
        </Typography>
        <Button variant="outlined" onClick={() => void download()}>
          {t('promptfoo')}
        </Button>
      </Stack>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
            <Chip size="small" label={t(`statusNames.${evaluation.status}`)} color={STATUS_COLOR[evaluation.status]} />
            <Typography variant="body2">{t('madeOn', { date: formatDate(evaluation.created_at), holdout: evaluation.holdout })}</Typography>
            <Typography variant="body2">{t('spent', { cost: formatUsd(evaluation.cost_usd, t('priceUnknown')) })}</Typography>
          </Stack>
          {isOpen(evaluation) && (
            <Box sx={{ mt: 1, maxWidth: 420 }}>
              <LinearProgress variant="determinate" value={total ? (100 * done) / total : 0} aria-label={t('progress', { done, total })} />
              <Typography variant="caption">{t('progress', { done, total })}</Typography>
            </Box>
          )}
          {evaluation.message && (
            <Alert severity={evaluation.status === 'failed' ? 'error' : 'warning'} sx={{ mt: 1 }}>
              {evaluation.message}
            </Alert>
          )}
        </CardContent>
      </Card>
      <Card sx={{ mb: 2 }}>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('summaryTitle')}
          </Typography>
          <Summary evaluation={evaluation} />
          <Box sx={{ mt: 2 }}>
            <WinRateChart summary={evaluation.summary} label={t('chartLabel')} unjudged={t('notJudged')} />
          </Box>
          <Alert severity={evaluation.verdict.better ? 'success' : 'info'} sx={{ mt: 1 }} role="status">
            {evaluation.verdict.text}
          </Alert>
        </CardContent>
      </Card>
      {canWrite && (
        <Card>
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {t('judgeTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('judgeIntro')}
            </Typography>
            {hasItems(evaluation) ? <BlindJudging evaluation={evaluation} /> : <Typography role="status">{t('loading')}</Typography>}
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
