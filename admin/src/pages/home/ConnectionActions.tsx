import { Alert, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { api } from '../../api';
import { useBanner } from '../../components/useBanner';
import { useT } from '../../components/useT';

interface PollReport {
  at: string;
  found: number;
  claimed: number;
  problem: string | null;
}

/** "Test connection" (and for Notion "Check Notion now" with the last check's outcome). */
export function ConnectionActions({ service }: { service: 'notion' | 'openai' }) {
  const t = useT('home');
  const { banner, show } = useBanner();
  const [busy, setBusy] = useState<'test' | 'check' | null>(null);
  const [lastCheck, setLastCheck] = useState<PollReport | null>(null);

  useEffect(() => {
    if (service !== 'notion') return;
    api<{ lastCheck: PollReport | null }>('/api/generation/status').then((r) => setLastCheck(r.lastCheck), () => undefined);
  }, [service]);

  const run = async (kind: 'test' | 'check') => {
    if (busy) return;
    setBusy(kind);
    try {
      if (kind === 'test') {
        const result = await api<{ ok: boolean; message: string }>(`/api/generation/test-${service}`, { method: 'POST' });
        show(result.ok ? 'success' : 'error', result.message);
      } else {
        setLastCheck((await api<{ lastCheck: PollReport }>('/api/generation/check-now', { method: 'POST' })).lastCheck);
      }
    } catch (error) {
      show('error', (error as Error).message);
    } finally {
      setBusy(null);
    }
  };

  const at = lastCheck ? new Date(lastCheck.at).toLocaleTimeString() : '';
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      {banner}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => run('test')} disabled={!!busy}>
          {busy === 'test' ? t('testing') : t('testConnection')}
        </Button>
        {service === 'notion' && (
          <Button variant="outlined" onClick={() => run('check')} disabled={!!busy}>
            {busy === 'check' ? t('checking') : t('checkNow')}
          </Button>
        )}
      </Stack>
      {lastCheck &&
        (lastCheck.problem ? (
          <Alert severity="warning">{t('lastCheckProblem', { at, problem: lastCheck.problem })}</Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('lastCheck', { at, found: lastCheck.found, claimed: lastCheck.claimed })}
          </Typography>
        ))}
    </Stack>
  );
}
