import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useGetOne } from 'react-admin';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';
import { useT } from '../../components/useT';
import { PreviewForm } from './PreviewForm';
import { PreviewResult } from './PreviewResult';
import { RecentPreviews } from './RecentPreviews';
import type { Article } from '../articles/types';
import { Loading } from '../../components/Loading';

/**
 * /articles/{id}/try: the "Try it" panel — values, Run, the sections as they stream in, and the
 * article's last previews. Who may not run previews (a viewer) sees the previews only.
 */
export default function TryArticle() {
  const t = useT('previews');
  const { id = '' } = useParams();
  // `?models=a,b` (the Replace dialog's "Compare both") chooses the two models beforehand.
  const [params] = useSearchParams();
  const models = (params.get('models') ?? '').split(',').filter(Boolean).slice(0, 2);
  const [shown, setShown] = useState<string | null>(null);
  const canRun = useCanWrite('previews');
  const { data: article, error } = useGetOne<Article>('articles', { id }, { enabled: !!id });
  return (
    <Box sx={{ p: 2, maxWidth: 1400 }}>
      <Title title={article ? t('title', { name: article.article_title }) : t('tryIt')} />
      <Button component={Link} to={`/articles?id=${id}`} size="small" sx={{ mb: 1 }}>
        {t('back')}
      </Button>
      {error ? (
        <Alert severity="error">{t('loadFailed')}</Alert>
      ) : !article ? (
        <Loading />
      ) : (
        <>
          <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
            {t('title', { name: article.article_title })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('intro')}
          </Typography>
          {canRun && (
            <Card variant="outlined" sx={{ maxWidth: 700 }}>
              <CardContent>
                <PreviewForm
                  key={article.id}
                  template={{ articleId: article.id }}
                  prompts={article.sections.flatMap((s) => [s.systemPrompt, s.userPrompt])}
                  initialModels={models}
                  onStarted={setShown}
                />
              </CardContent>
            </Card>
          )}
          {shown && <PreviewResult id={shown} />}
          <Box sx={{ mt: 4 }}>
            <RecentPreviews articleId={article.id} onShow={setShown} />
          </Box>
        </>
      )}
    </Box>
  );
}
