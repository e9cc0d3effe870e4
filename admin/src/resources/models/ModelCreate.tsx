import { Alert, Box, Button, Card, CardContent, Stack, TextField } from '@mui/material';
import { FormEvent, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { BaseModelSelect, DEFAULT_BASE_MODEL } from '../../components/BaseModelSelect';
import { useRun, withReason } from '../../components/useRun';

/** /models/new: a name and a base model (gpt-4o by default); back to /models when created. */
export default function ModelCreate() {
  const translate = useTranslate();
  const t = (key: string) => translate(`quire.models.${key}`);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [baseModel, setBaseModel] = useState<string>(DEFAULT_BASE_MODEL);
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useRun((_, text) => setError(text));
  const saving = !!busy;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    void run('create', {
      call: (dataProvider) => dataProvider.create('models', { data: { name, base_model: baseModel } }),
      invalidates: ['models'],
      failure: withReason(t('createFailed')),
      onSuccess: () => navigate('/models'),
    });
  };

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('createTitle')} />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent>
          <form onSubmit={submit} aria-label={t('createTitle')}>
            <Stack spacing={2}>
              {error && (
                <Alert severity="error" role="alert">
                  {error}
                </Alert>
              )}
              <TextField label={t('name')} value={name} onChange={(e) => setName(e.target.value)} required autoFocus inputProps={{ maxLength: 100 }} />
              <BaseModelSelect label={t('baseModel')} value={baseModel} onChange={setBaseModel} />
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" disabled={saving || name.trim() === ''}>
                  {saving ? t('creating') : t('create')}
                </Button>
                <Button onClick={() => navigate('/models')} disabled={saving}>
                  {t('cancel')}
                </Button>
              </Stack>
            </Stack>
          </form>
        </CardContent>
      </Card>
    </Box>
  );
}
