import { Alert, AlertTitle, Box, Button } from '@mui/material';
import { useEffect } from 'react';
import { useGetList } from 'react-admin';
import { Link } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';
import type { ModelShutdown } from '../../resources/models/api';
import { useT } from '../../components/useT';

/**
 * Home's warning: the models sections or article templates write with that OpenAI stops
 * within 60 days, or has stopped (GET /api/model-shutdowns), each with a link to replace it.
 * Nothing shows when there is none, or when the list cannot be read (spec §8: models are only logged).
 */
export function ShutdownBanner() {
  const t = useT('home');
  const canReplace = useCanWrite('models');
  const { data = [], error } = useGetList<ModelShutdown>('model-shutdowns', { pagination: { page: 1, perPage: 100 } });
  useEffect(() => void (error && console.error('Failed to load the models OpenAI stops', error)), [error]);
  if (data.length === 0) return null;
  const severity = data.some((row) => row.shut_down) ? 'error' : 'warning';
  return (
    <Alert severity={severity} sx={{ mb: 2 }} role="region" aria-label={t('shutdownsTitle')}>
      <AlertTitle>{t('shutdownsTitle')}</AlertTitle>
      {data.map((row) => {
        const counts = { model: row.openai_model, name: row.name, sections: row.sections, articles: row.articles };
        const text = row.shut_down
          ? t('shutdownDone', { ...counts, since: row.shutdown_date ? t('shutdownSince', { date: row.shutdown_date }) : '' })
          : t('shutdownSoon', { ...counts, date: row.shutdown_date });
        return (
          <Box key={row.id} sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <span>{text}</span>
            {canReplace && (
              <Button
                component={Link}
                to={`/models?replace=${row.id}`}
                size="small"
                variant="outlined"
                color="inherit"
                aria-label={`${t('replaceIt')}: ${row.name}`}
              >
                {t('replaceIt')}
              </Button>
            )}
          </Box>
        );
      })}
    </Alert>
  );
}
