import { Box, Button, Card, CardContent, CircularProgress, Link as MuiLink, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Form, TextInput, Title } from 'react-admin';
import { FieldValues } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useWriteAccess } from '../../components/CanWrite';
import { useBanner } from '../../components/useBanner';
import { serverMessage, useRun } from '../../components/useRun';
import { useT, useQuireTranslate } from '../../components/useT';

/** /training/submit: a website URL starts a training-data collection job (not offered to a viewer). */
export default function TrainingSubmit() {
  const t = useT('training');
  const translate = useQuireTranslate();
  const canSubmit = useWriteAccess('training');
  const { banner, show } = useBanner();
  const { run, busy } = useRun(show);
  const [jobId, setJobId] = useState<string | null>(null);
  // A new, empty form once a URL has been submitted.
  const [form, setForm] = useState(0);

  /** Spec §5: the URL trimmed, and an alert when nothing is left; the server's reason shows on the input. */
  const submit = async (values: FieldValues) => {
    if (busy) return;
    const url = String(values.url ?? '').trim();
    if (!url) {
      window.alert(t('invalidUrl'));
      return;
    }
    setJobId(null);
    let reason: string | undefined;
    await run('submit', {
      call: (dataProvider) => dataProvider.submitTrainingUrl(url),
      invalidates: ['training-jobs', 'history'],
      success: t('submitted'),
      failure: t('submitFailed'),
      onSuccess: (job) => {
        setJobId(job._id);
        setForm((n) => n + 1);
      },
      onFailure: (failure) => (reason = serverMessage(failure)),
    });
    return reason ? { url: reason } : undefined;
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('submitTitle')} />
      {banner}
      <Card sx={{ maxWidth: 640 }}>
        <CardContent>
          {canSubmit === false && <Typography color="text.secondary">{translate('quire.workspaces.readOnly')}</Typography>}
          {canSubmit && (
            <Form key={form} resource="training-jobs" defaultValues={{ url: '' }} onSubmit={submit} noValidate disableInvalidFormNotification>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems="flex-start">
                <TextInput
                  source="url"
                  label={t('websiteUrl')}
                  type="url"
                  variant="outlined"
                  margin="none"
                  autoFocus
                  inputProps={{ maxLength: 2048, inputMode: 'url', autoComplete: 'url' }}
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
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('costNote')}
              </Typography>
            </Form>
          )}
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
