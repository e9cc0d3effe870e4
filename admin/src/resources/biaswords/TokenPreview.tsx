import { Alert, Box, Button, MenuItem, Stack, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { useWatch } from 'react-hook-form';
import { GroupDraft, toEntries } from './types';
import type { Api } from '../../api/client';

type Preview = Api<'TokenPreviewResponse'>;

/** Which token ids each word (in each of its forms) maps to for a chosen model family. */
export function TokenPreview() {
  const groups: GroupDraft[] | undefined = useWatch({ name: 'entries' });
  const t = useT('biaswords');
  const [family, setFamily] = useState<Preview['family']>('o200k_base');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [failed, setFailed] = useState(false);
  const { run } = useRun();

  const show = () => {
    setFailed(false);
    const entries = toEntries(groups).map((e) => ({ ...e, bias: Number.isFinite(e.bias) ? Math.max(-100, Math.min(100, e.bias)) : 0 }));
    void run('preview', {
      call: (dataProvider) => dataProvider.previewBiasTokens({ family, entries }),
      onSuccess: setPreview,
      onFailure: () => setFailed(true),
    });
  };

  return (
    <Box component="section" aria-label={t('previewTitle')} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('previewTitle')}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <TextField
          select
          size="small"
          label={t('previewFamily')}
          value={family}
          onChange={(e) => setFamily(e.target.value as Preview['family'])}
          sx={{ minWidth: 280 }}
        >
          <MenuItem value="o200k_base">{t('familyO200k')}</MenuItem>
          <MenuItem value="cl100k_base">{t('familyCl100k')}</MenuItem>
        </TextField>
        <Button onClick={show}>{t('previewButton')}</Button>
      </Stack>
      {failed && <Alert severity="error">{t('previewFailed')}</Alert>}
      {preview && (
        <>
          <Typography color={preview.tokenCount > preview.limit ? 'error' : 'text.secondary'} sx={{ mb: 1 }}>
            {t('previewCount', { count: preview.tokenCount, limit: preview.limit })}
          </Typography>
          <Table size="small" aria-label={t('previewTitle')}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600 }}>{t('previewWord')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('previewForm')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('previewTokens')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.words.flatMap((word) =>
                word.forms.map((form, index) => (
                  <TableRow key={`${word.word}-${form.text}`}>
                    <TableCell>{index === 0 ? word.word : ''}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'pre' }}>{JSON.stringify(form.text)}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{form.tokens.join(', ')}</TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
