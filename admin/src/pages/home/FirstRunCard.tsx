import { Alert, Box, Button, Card, CardContent, CircularProgress, LinearProgress, Link, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { QueryClient, useQuery } from '@tanstack/react-query';
import { useCanAccess, useDataProvider, useStore } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';
import type { FirstRun } from './api';

const QUERY_KEY = ['first-run'];
/** Read again this often while a step is left: a row set in Notion ticks within the interval. */
const REFRESH_MS = 10_000;

type StepKey = FirstRun['steps'][number]['key'];

/** Where each step is taken: a card of Home (its header is focused) or a screen. */
const WHERE: Record<StepKey, { card: string } | { to: string }> = {
  'notion-connected': { card: 'notion' },
  'notion-checked': { card: 'notion' },
  provider: { card: 'openai' },
  section: { to: '/sections/new' },
  template: { to: '/articles/new' },
  'select-options': { to: '/articles' },
  'row-started': { card: 'notion' },
  'article-written': { to: '/history' },
};

/** The checklist is read again at once (not awaited) after a change that may tick a step: a save, a test, a check. */
export function refreshFirstRun(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: QUERY_KEY });
}

/** Scrolls to one of Home's cards, opens it if folded, and moves the keyboard focus to its header. */
function openCard(id: string) {
  const header = document.getElementById(`${id}-header`);
  if (!header) return;
  if (header.getAttribute('aria-expanded') === 'false') header.click();
  header.scrollIntoView({ behavior: 'smooth', block: 'start' });
  header.focus();
}

function Step(props: { step: FirstRun['steps'][number]; startValue: string }) {
  const t = useT('firstRun');
  const { key, done, problem } = props.step;
  const where = WHERE[key];
  const label = t(`steps.${key}.label`);
  const icon = done ? (
    <CheckCircleIcon color="success" titleAccess={t('done')} />
  ) : problem ? (
    <ErrorOutlineIcon color="warning" titleAccess={t('pending')} />
  ) : (
    <RadioButtonUncheckedIcon color="disabled" titleAccess={t('pending')} />
  );
  return (
    <Box component="li" data-testid={`first-run-${key}`} data-done={done} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', py: 0.75 }}>
      <Box sx={{ pt: 0.25, display: 'flex' }}>{icon}</Box>
      <Box sx={{ flex: 1 }}>
        <Typography sx={{ fontWeight: done ? 400 : 500, color: done ? 'text.secondary' : 'text.primary' }}>{label}</Typography>
        {!done && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t(`steps.${key}.hint`, { start: props.startValue })}
            </Typography>
            {problem && (
              <Typography variant="body2" color="error" role="status" sx={{ mt: 0.5 }}>
                {problem}
              </Typography>
            )}
            {'to' in where ? (
              <Link component={RouterLink} to={where.to} variant="body2">
                {t(`steps.${key}.action`)}
              </Link>
            ) : (
              <Link component="button" type="button" variant="body2" onClick={() => openCard(where.card)}>
                {t(`steps.${key}.action`)}
              </Link>
            )}
          </>
        )}
      </Box>
    </Box>
  );
}

/**
 * Home's first-run checklist (GET /api/first-run): each step from connecting Notion to the first
 * article written, ticked by the server from the workspace's real state, with what stands in the
 * way and a link to where the step is taken. Read again every few seconds while a step is left.
 * Once the first article is written it folds away; owners can show it again.
 */
export function FirstRunCard() {
  const t = useT('firstRun');
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { canAccess: owner } = useCanAccess({ resource: 'workspaces', action: 'write' });
  const [shown, setShown] = useStore('quire.firstRun.shown', false);
  const { data, error, isPending } = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => dataProvider.getFirstRun(),
    refetchInterval: (query) => (query.state.data?.complete === false ? REFRESH_MS : false),
  });
  if (data?.complete && !shown) {
    if (!owner) return null;
    return (
      <Box sx={{ mb: 2 }}>
        <Button size="small" onClick={() => setShown(true)}>
          {t('reopen')}
        </Button>
      </Box>
    );
  }
  const done = data?.steps.filter((step) => step.done).length ?? 0;
  const total = data?.steps.length ?? 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="first-run-heading" sx={{ mb: 2 }}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2" id="first-run-heading">
            {t('title')}
          </Typography>
          {data && <Typography variant="body2">{t('progress', { done, total })}</Typography>}
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('intro')}
        </Typography>
        {isPending ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <CircularProgress size={20} aria-hidden />
            <Typography>{t('checking')}</Typography>
          </Stack>
        ) : error ? (
          <Alert severity="warning">{t('loadFailed')}</Alert>
        ) : (
          <>
            <LinearProgress variant="determinate" value={total ? (100 * done) / total : 0} aria-label={t('progress', { done, total })} sx={{ mb: 1 }} />
            <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {data.steps.map((step) => (
                <Step key={step.key} step={step} startValue={data.start_value} />
              ))}
            </Box>
            {data.complete && (
              <Button size="small" sx={{ mt: 1 }} onClick={() => setShown(false)}>
                {t('hide')}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
