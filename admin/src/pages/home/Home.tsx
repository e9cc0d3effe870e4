import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { useBanner } from '../../components/useBanner';
import { QuireDataProvider } from '../../dataProvider';
import type { EnvVars, StatusConfig } from './api';
import { BackupCard } from './BackupCard';
import { BudgetBanner, BudgetsCard } from './BudgetsCard';
import { FirstRunCard } from './FirstRunCard';
import { ModelProvidersCard } from './ModelProvidersCard';
import { NotionSettingsCard } from './NotionSettingsCard';
import { NotionWebhookCard } from './NotionWebhookCard';
import { OpenAiSettingsCard } from './OpenAiSettingsCard';
import { ShutdownBanner } from './ShutdownBanner';
import { SpendCard } from './SpendCard';
import { useQuireTranslate } from '../../components/useT';

type Loaded = { envVars: EnvVars | null; statusConfig: StatusConfig | null };

/**
 * Home: the models OpenAI stops soon, the first-run checklist (until the first article is written), this month's spend, then the spec's two collapsible settings cards and, after OpenAI's, the other model providers. Saving stays
 * disabled until the saved values are in. Beside Notion's, its webhook; below them, for the owners of the data, backups.
 */
export default function Home() {
  const translate = useQuireTranslate();
  const { banner, show } = useBanner();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const dataProvider = useDataProvider<QuireDataProvider>();

  const load = useCallback(async () => {
    const [user, status] = await Promise.allSettled([dataProvider.getUserSettings(), dataProvider.getStatusConfig()]);
    if (user.status === 'rejected') show('error', translate('quire.home.loadUserFailed'));
    else if (status.status === 'rejected') show('error', translate('quire.home.loadStatusFailed'));
    setLoaded({
      envVars: user.status === 'fulfilled' ? user.value.envVars : null,
      statusConfig: status.status === 'fulfilled' ? status.value.statusConfig : null,
    });
  }, [dataProvider, show, translate]);

  useEffect(() => {
    void load();
  }, [load, attempt]);

  const failed = loaded && (!loaded.envVars || !loaded.statusConfig);
  return (
    <Box sx={{ p: 2 }}>
      <Title title={translate('quire.menu.home')} />
      <ShutdownBanner />
      <BudgetBanner />
      <FirstRunCard />
      <SpendCard />
      <BudgetsCard />
      {banner}
      {failed && (
        <Button sx={{ mb: 2 }} onClick={() => (setLoaded(null), setAttempt((a) => a + 1))}>
          {translate('quire.home.retry')}
        </Button>
      )}
      {!loaded ? (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden />
          <Typography>{translate('quire.app.loading')}</Typography>
        </Box>
      ) : (
        <>
          <NotionSettingsCard key={`notion-${attempt}`} envVars={loaded.envVars} statusConfig={loaded.statusConfig} />
          <OpenAiSettingsCard key={`openai-${attempt}`} envVars={loaded.envVars} />
          <ModelProvidersCard />
          <NotionWebhookCard />
          <BackupCard />
        </>
      )}
    </Box>
  );
}
