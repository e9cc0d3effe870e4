import { Alert, Box, Button, Card, CardContent, Chip, CircularProgress, LinearProgress, Link, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import { ReactNode } from 'react';
import { Title, useGetList, useGetOne } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { DetailsTable } from '../../components/DetailsTable';
import { useCanWrite } from '../../components/CanWrite';
import { useRun, withReason } from '../../components/useRun';
import { ScreenT, useT } from '../../components/useT';
import { JobProgress } from '../training/JobProgress';
import { formatCount, formatDate, formatUsd } from '../../i18n/format';
import { formatDuration } from './format';
import { BulkBlock } from './BulkBlock';
import { SectionView } from './SectionView';
import { HistoryDetail, isOpen, STATUS_COLOR } from './types';

/** While the entry is queued or running it is read again this often, so the page follows it without a reload. */
export const FOLLOW_MS = 2000;

type T = ScreenT<'history'>;

function ExternalButton(props: { href: string; children: ReactNode }) {
  return (
    <Button size="small" variant="outlined" href={props.href} target="_blank" rel="noopener noreferrer" endIcon={<OpenInNewIcon fontSize="small" />}>
      {props.children}
    </Button>
  );
}

/** Status, with the sections written so far while it runs. */
function StatusLine(props: { entry: HistoryDetail; t: T }) {
  const { entry, t } = props;
  const total = entry.meta.sectionsTotal ?? 0;
  const done = entry.meta.sectionsDone ?? 0;
  return (
    <Box>
      <Chip size="small" label={entry.status} color={STATUS_COLOR[entry.status] ?? 'default'} />
      {entry._type === 'generation' && isOpen(entry) && total > 0 && (
        <Box sx={{ mt: 1, maxWidth: 360 }}>
          <LinearProgress variant="determinate" value={(100 * done) / total} aria-label={t('progress', { done, total })} />
          <Typography variant="caption">{t('progress', { done, total })}</Typography>
        </Box>
      )}
    </Box>
  );
}

/** Where a failed article stopped, and why, in History's words. */
function stoppedText(entry: HistoryDetail, t: T): string | null {
  const stopped = entry.stopped_at;
  if (!stopped) return null;
  if (stopped.position === null) {
    return entry.sections?.length ? t('stoppedDelivering', { reason: stopped.reason }) : t('stoppedBeforeStart', { reason: stopped.reason });
  }
  const total = Math.max(entry.meta.sectionsTotal ?? 0, stopped.position + 1);
  return t('stoppedAt', { position: stopped.position + 1, total, reason: stopped.reason });
}

/** A generation: summary, links, Retry, then the article section by section. */
function ArticleEntry(props: { entry: HistoryDetail; t: T }) {
  const { entry, t } = props;
  const { run, busy } = useRun();
  const canRetry = useCanWrite('history');
  const groups = useGetList<{ id: string; name: string }>('logit-bias-groups', {
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const biasName = (id: string) => groups.data?.find((g) => g.id === id)?.name ?? (groups.isPending ? '…' : t('deletedBiasList'));
  const none = t('none');
  const usage = entry.usage;
  const sections = entry.sections ?? [];
  const total = entry.meta.sectionsTotal ?? 0;
  const stopped = stoppedText(entry, t);

  const retry = () =>
    run('retry', {
      call: (dataProvider) => dataProvider.retryHistoryEntry(entry.id),
      invalidates: ['history', 'usage'],
      success: t('retried'),
      failure: withReason(t('retryFailed')),
    });

  return (
    <Stack spacing={2}>
      <Card variant="outlined" component="section" aria-labelledby="entry-summary-heading">
        <CardContent>
          <Typography variant="h6" component="h2" id="entry-summary-heading" sx={{ mb: 1 }}>
            {t('summary')}
          </Typography>
          <DetailsTable
            label={t('summary')}
            rows={[
              [t('category'), entry.article_type || none],
              [t('started'), formatDate(entry.startedAt)],
              [t('completed'), formatDate(entry.completedAt)],
              [t('duration'), formatDuration(entry.meta.durationMs, none)],
              [
                t('tokens'),
                usage
                  ? t('tokensSplit', {
                      total: formatCount(usage.prompt_tokens + usage.completion_tokens),
                      prompt: formatCount(usage.prompt_tokens),
                      completion: formatCount(usage.completion_tokens),
                    })
                  : none,
              ],
              [t('cost'), usage ? formatUsd(usage.cost_usd, t('priceUnknown')) : none],
            ]}
          />
          {stopped ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {stopped}
            </Alert>
          ) : (
            entry.message && (
              <Alert severity={entry.status === 'failed' ? 'error' : 'info'} sx={{ mt: 2 }}>
                {entry.message}
              </Alert>
            )
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap' }} useFlexGap>
            {entry.status === 'failed' && canRetry && (
              <Button variant="contained" startIcon={<ReplayIcon />} onClick={retry} disabled={!!busy}>
                {busy ? t('retrying') : t('retry')}
              </Button>
            )}
            {entry.notion_url && <ExternalButton href={entry.notion_url}>{t('notionPage')}</ExternalButton>}
            {entry.doc_url ? (
              <ExternalButton href={entry.doc_url}>{t('googleDoc')}</ExternalButton>
            ) : (
              <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                {t('noDoc')}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
      {entry.meta.bulk && <BulkBlock bulk={entry.meta.bulk} t={t} />}
      <Box component="section" aria-labelledby="entry-article-heading">
        <Typography variant="h6" component="h2" id="entry-article-heading" sx={{ mb: 1 }}>
          {t('article')}
        </Typography>
        <Stack spacing={2}>
          {sections.length === 0 && !isOpen(entry) && <Typography color="text.secondary">{t('noSections')}</Typography>}
          {sections.map((section) => (
            <SectionView
              key={section.position}
              section={section}
              note={entry.meta.omittedParameters?.find((n) => n.position === section.position)}
              biasName={biasName}
              t={t}
            />
          ))}
          {isOpen(entry) && total > sections.length && (
            <Stack direction="row" spacing={1} alignItems="center" role="status">
              <CircularProgress size={16} aria-hidden />
              <Typography color="text.secondary">{t('writing', { next: sections.length + 1, total })}</Typography>
            </Stack>
          )}
        </Stack>
      </Box>
    </Stack>
  );
}

/** A training entry: its job as the training screens know it, with a way there. */
function TrainingEntry(props: { entry: HistoryDetail; t: T }) {
  const { entry, t } = props;
  const job = entry.job;
  const none = t('none');
  return (
    <Card variant="outlined" component="section" aria-labelledby="entry-job-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="entry-job-heading" sx={{ mb: 1 }}>
          {t('job')}
        </Typography>
        <DetailsTable
          label={t('job')}
          preWrap
          rows={[
            [t('jobUrl'), job?.url ?? entry.title],
            [t('message'), (job?.message ?? entry.message) || none],
            [t('started'), formatDate(job?.startedAt ?? entry.startedAt)],
            [t('completed'), formatDate(job?.completedAt ?? entry.completedAt)],
          ]}
        />
        {job && isOpen(job) && <JobProgress progress={job.meta.progress} />}
        <Button component={RouterLink} to={`/training/view/${entry.id}`} variant="outlined" sx={{ mt: 2 }}>
          {t('openJob')}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * /history/{id}: one History entry in full. An article as written, section by section,
 * with what each cost; a training entry's job. Followed live while it is queued or running.
 */
export default function HistoryShow() {
  const t = useT('history');
  const { id = '' } = useParams();
  const {
    data: entry,
    error,
    isPending,
  } = useGetOne<HistoryDetail>('history', { id }, { enabled: !!id, refetchInterval: (query) => (isOpen(query.state.data) ? FOLLOW_MS : false) });
  const status = (error as { status?: number } | null)?.status;

  return (
    <Box sx={{ p: 2, maxWidth: 1000 }}>
      <Title title={entry?.title ?? t('title')} />
      <Link component={RouterLink} to="/history" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mb: 2 }}>
        <ArrowBackIcon fontSize="small" aria-hidden />
        {t('backToHistory')}
      </Link>
      {error && !entry && (
        <Alert severity="error" role="alert">
          {status === 404 ? t('notFound') : t('loadFailed')}
        </Alert>
      )}
      {isPending && !error && <CircularProgress size={24} aria-label={t('loadingEntry')} />}
      {entry && (
        <Stack spacing={2}>
          <Box>
            <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }}>
              {entry.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {entry._type} · {formatDate(entry.timestamp ?? entry.startedAt)}
            </Typography>
            <StatusLine entry={entry} t={t} />
          </Box>
          {entry._type === 'training' ? <TrainingEntry entry={entry} t={t} /> : <ArticleEntry entry={entry} t={t} />}
        </Stack>
      )}
    </Box>
  );
}
