import { Box, Button, Card, CardContent, CircularProgress, Link as MuiLink, Stack, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { useBanner } from '../../components/useBanner';
import { serverMessage, useRun } from '../../components/useRun';
import { useT } from '../../components/useT';

/** /training/submit: a website URL starts a training-data collection job. */
export default function TrainingSubmit() {
  const t = useT('training');
  const { banner, show } = useBanner();
  const [url, setUrl] = useState('');
  const { run, busy } = useRun(show);
  const [reason, setReason] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = url.trim();
    if (!trimmed) {
      window.alert(t('invalidUrl'));
      return;
    }
    setReason(null);
    setJobId(null);
    void run('submit', {
      call: (dataProvider) => dataProvider.submitTrainingUrl(trimmed),
      invalidates: ['training-jobs', 'history'],
      success: t('submitted'),
      failure: t('submitFailed'),
      onSuccess: (job) => {
        setJobId(job._id);
        setUrl('');
      },
      onFailure: (failure) => setReason(serverMessage(failure) ?? null),
    });
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('submitTitle')} />
      {banner}
      <Card sx={{ maxWidth: 640 }}>
        <CardContent>
          <form onSubmit={submit} noValidate aria-label={t('submitTitle')}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
              <TextField
                label={t('websiteUrl')}
                type="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                error={!!reason}
                helperText={reason ?? ' '}
                autoFocus
                fullWidth
                slotProps={{ htmlInput: { maxLength: 2048, inputMode: 'url', autoComplete: 'url' } }}
              />
              <Button
                type="submit"
                variant="contained"
                disabled={!!busy}
                aria-busy={!!busy}
                startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
                sx={{ mt: 1, minWidth: 110 }}
              >
                {t('submit')}
              </Button>
            </Stack>
          </form>
          {jobId && (
            <MuiLink component={Link} to={`/training/view/${jobId}`}>
              {t('viewJob')}
            </MuiLink>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
