import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Link, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useRun, withReason } from '../../components/useRun';
import { Section } from '../sections/types';
import { Model } from './types';

interface ArticleUse {
  id: string;
  article_title: string;
  sections: { model: string }[];
}

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * Replace a model everywhere it writes (POST /api/models/{id}/replace): another of the operator's
 * models takes over every section and article entry. The existing side-by-side preview of both is
 * offered first, on an article that uses the model.
 */
export function ReplaceModelDialog(props: { model: Model | null; models: Model[]; onClose: () => void; onReplaced: (text: string) => void }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`quire.models.${key}`, options);
  const [replacement, setReplacement] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { run, busy } = useRun((_, text) => setError(text));
  const model = props.model;
  const { data: sections = [] } = useGetList<Section>('sections', { ...ALL, filter: { model: model?.id } }, { enabled: !!model });
  const { data: articles = [] } = useGetList<ArticleUse & { id: string }>('articles', ALL, { enabled: !!model });
  if (!model) return null;

  const using = articles.filter((article) => article.sections.some((entry) => entry.model === model.id));
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
            {sections.length + using.length === 0 ? t('replaceNothingUses') : t('replaceUses', { sections: sections.length, articles: using.length })}
          </DialogContentText>
          <TextField select label={t('replaceWith')} value={replacement} onChange={(e) => setReplacement(e.target.value)} autoFocus>
            {choices.map((choice) => (
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
