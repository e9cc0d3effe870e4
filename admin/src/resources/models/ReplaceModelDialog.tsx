import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, MenuItem, Stack, TextField } from '@mui/material';
import { groupedModelItems } from '../../components/modelGroups';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useRun, withReason } from '../../components/useRun';
import type { Article } from '../articles/types';
import { Section } from '../sections/types';
import { Model } from './types';
import { useT } from '../../components/useT';

/** One row is enough: the dialog reads each list's total (the uses) and the first article (for the preview). */
const FIRST = { pagination: { page: 1, perPage: 1 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * Replace a model everywhere it writes (POST /api/models/{id}/replace): another of the operator's
 * models takes over every section and article entry. The existing side-by-side preview of both is
 * offered first, on an article that uses the model.
 */
export function ReplaceModelDialog(props: { model: Model | null; models: Model[]; onClose: () => void; onReplaced: (text: string) => void }) {
  const t = useT('models');
  const [replacement, setReplacement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useRun((_, text) => setError(text));
  const model = props.model;
  const { total: sectionUses = 0 } = useGetList<Section>('sections', { ...FIRST, filter: { model: model?.id } }, { enabled: !!model });
  const { data: using = [], total: articleUses = 0 } = useGetList<Article>('articles', { ...FIRST, filter: { model: model?.id } }, { enabled: !!model });
  if (!model) return null;

  const choices = props.models.filter((m) => m.id !== model.id);
  const chosen = choices.find((m) => m.id === replacement);
  const close = () => {
    if (busy) return;
    setReplacement('');
    setError(null);
    props.onClose();
  };
  const replace = () => {
    if (!chosen) return;
    setError(null);
    void run('replace', {
      call: (dataProvider) => dataProvider.replaceModel(model.id, chosen.id),
      invalidates: ['models', 'sections', 'articles', 'model-shutdowns'],
      failure: withReason(t('replaceFailed')),
      onSuccess: (moved) => {
        setReplacement('');
        props.onReplaced(t('replaced', { ...moved, name: chosen.name }));
      },
    });
  };

  return (
    <Dialog open onClose={close} aria-labelledby="replace-title" fullWidth maxWidth="sm">
      <DialogTitle id="replace-title">{t('replaceTitle', { name: model.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <DialogContentText>{t('replaceIntro', { name: model.name, model: model.output_model ?? model.base_model })}</DialogContentText>
          <DialogContentText>
            {sectionUses + articleUses === 0 ? t('replaceNothingUses') : t('replaceUses', { sections: sectionUses, articles: articleUses })}
          </DialogContentText>
          <TextField select label={t('replaceWith')} value={replacement} onChange={(e) => setReplacement(e.target.value)} autoFocus>
            {groupedModelItems(choices, (choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name} ({choice.output_model ?? choice.base_model}){choice.shutdown_date ? ` · ${t('stopsShort', { date: choice.shutdown_date })}` : ''}
              </MenuItem>
            ))}
          </TextField>
          {chosen && using[0] && (
            <Link
              component={RouterLink}
              to={`/articles/${using[0].id}/try?models=${encodeURIComponent(`${model.id},${chosen.id}`)}`}
              title={t('replacePreviewHint')}
            >
              {t('replacePreview', { title: using[0].article_title })}
            </Link>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={!!busy}>
          {t('cancel')}
        </Button>
        <Button onClick={replace} variant="contained" disabled={!chosen || !!busy}>
          {busy ? t('replacing') : t('replace')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
