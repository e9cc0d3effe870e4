import { Alert, Button, Stack, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useCanWrite } from '../../components/CanWrite';
import { useBanner } from '../../components/useBanner';
import { serverMessage, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';
import { formatTime, formatUsd } from '../../i18n/format';
import type { NotionCheck, RowsEstimate } from './api';
import { refreshFirstRun } from './FirstRunCard';

/**
 * "Test connection" (owners) and for Notion "Check Notion now" (editors and owners), with the last
 * check's outcome, which every member reads.
 */
export function ConnectionActions({ service }: { service: 'notion' | 'openai' }) {
  const t = useT('home');
  // The permission table names them as the API's paths do (/api/generation/…).
  const canTest = useCanWrite(`generation/test-${service}`);
  const canCheck = useCanWrite('generation') && service === 'notion';
  const { banner, show } = useBanner();
  const { run, busy } = useRun(show);
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<QuireDataProvider>();
  const [lastCheck, setLastCheck] = useState<NotionCheck | null>(null);
  // What the rows waiting at the start value would cost: read with the last check, and again after "Check now".
  const [estimate, setEstimate] = useState<RowsEstimate | null>(null);
  const readEstimate = useCallback(
    () =>
      dataProvider.estimateRows().then(
        (r) => setEstimate(r),
        () => setEstimate(null),
      ),
    [dataProvider],
  );

  useEffect(() => {
    if (service !== 'notion') return;
    dataProvider.getNotionCheck().then(
      (r) => setLastCheck(r.lastCheck),
      () => undefined,
    );
    void readEstimate();
  }, [dataProvider, service, readEstimate]);

  const failure = (error: unknown) => serverMessage(error) ?? (error as Error).message;
  const test = () =>
    run('test', {
      call: (provider) => provider.testConnection(service),
      onSuccess: (result) => {
        show(result.ok ? 'success' : 'error', result.message);
        refreshFirstRun(queryClient);
      },
      failure,
    });
  const check = () =>
    run('check', {
      call: (provider) => provider.checkNotionNow(),
      invalidates: ['history'],
      onSuccess: (result) => {
        setLastCheck(result.lastCheck);
        void readEstimate();
        refreshFirstRun(queryClient);
      },
      failure,
    });

  const at = lastCheck ? formatTime(lastCheck.at) : '';
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {banner}
      {(canTest || canCheck) && (
        <Stack direction="row" spacing={1}>
          {canTest && (
            <Button variant="outlined" onClick={test} disabled={!!busy}>
              {busy === 'test' ? t('testing') : t('testConnection')}
            </Button>
          )}
          {canCheck && (
            <Button variant="outlined" onClick={check} disabled={!!busy}>
              {busy === 'check' ? t('checking') : t('checkNow')}
            </Button>
          )}
        </Stack>
      )}
      {lastCheck &&
        (lastCheck.problem ? (
          <Alert severity="warning">{t('lastCheckProblem', { at, problem: lastCheck.problem })}</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('lastCheck', { at, found: lastCheck.found, claimed: lastCheck.claimed })}
          </Typography>
        ))}
      {estimate && <RowsEstimateLine estimate={estimate} />}
    </Stack>
  );
}

/** What writing the rows at the start value would cost now, each as it reserves it against the budgets. */
function RowsEstimateLine({ estimate }: { estimate: RowsEstimate }) {
  const t = useT('home');
  const start = estimate.start_value;
  const line =
    estimate.rows === 0
      ? t('rowsEstimateNone', { start })
      : t('rowsEstimate', { rows: estimate.rows - estimate.unpriced - estimate.without_template, start, usd: formatUsd(estimate.cost_usd, '') }) +
        (estimate.unpriced ? t('rowsUnpriced', { count: estimate.unpriced }) : '') +
        (estimate.without_template ? t('rowsWithoutTemplate', { count: estimate.without_template }) : '');
  return (
    <Typography variant="body2" color="text.secondary" data-testid="rows-estimate">
      {line}
    </Typography>
  );
}
