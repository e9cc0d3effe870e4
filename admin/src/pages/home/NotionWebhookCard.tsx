import { Alert, Box, Button, Chip, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { HomeCard } from './HomeCard';
import { Confirm, useDataProvider } from 'react-admin';
import { useCanWrite } from '../../components/CanWrite';
import { CopyField } from '../../components/CopyField';
import { formatDate } from '../../i18n/format';
import { useRun, withReason } from '../../components/useRun';
import { useT, useQuireTranslate } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';
import type { NotionWebhook } from './api';

const QUERY_KEY = 'notion-webhook';
/** Read again while Notion's requests are awaited (the token, the first delivery), and now and then once verified; never in a hidden tab. */
const WAITING_MS = 5_000;
const VERIFIED_MS = 60_000;

/** Where the subscription is made, and what to tick. */
function Steps() {
  const t = useT('home');
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {t('webhookStepsTitle')}
      </Typography>
      <Typography component="ol" variant="body2" sx={{ pl: 3, my: 0.5, '& li': { mb: 0.5 } }}>
        <li>
          {t('webhookStepOpen')}{' '}
          <Link href="https://www.notion.so/profile/integrations" target="_blank" rel="noopener noreferrer">
            {t('webhookStepOpenLink')}
          </Link>{' '}
          {t('webhookStepOpenThen')}
        </li>
        <li>{t('webhookStepPaste')}</li>
        <li>{t('webhookStepVerify')}</li>
      </Typography>
    </Box>
  );
}

/** How far Notion's subscription got: waiting for its verification request, the token to paste (owners), or verified and delivering. */
function State({ webhook }: { webhook: NotionWebhook }) {
  const t = useT('home');
  if (webhook.verified_at) {
    return (
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip label={t('webhookVerified')} color="success" size="small" />
          <Typography variant="body2">{t('webhookVerifiedAt', { date: formatDate(webhook.verified_at) })}</Typography>
        </Stack>
        <Typography variant="body2">{t('webhookLastDelivery', { date: formatDate(webhook.last_delivery_at) })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('webhookSafetyNet')}
        </Typography>
      </Stack>
    );
  }
  // Not an alert: the live region around the state tells the change.
  if (!webhook.verification_received)
    return (
      <Alert severity="info" role="none">
        {t('webhookWaiting')}
      </Alert>
    );
  return (
    <Stack spacing={1.5}>
      {webhook.verification_token ? (
        <>
          <Typography variant="body2">{t('webhookTokenIntro')}</Typography>
          <CopyField label={t('webhookTokenField')} value={webhook.verification_token} monospace />
        </>
      ) : (
        <Typography variant="body2">{t('webhookTokenOwners')}</Typography>
      )}
      <Typography variant="body2" color="text.secondary">
        {t('webhookVerifyPending')}
      </Typography>
    </Stack>
  );
}

/**
 * Home's Notion webhook card, beside the Notion settings: the address to give Notion,
 * the steps, and how far the subscription got, read again while Notion's requests are awaited.
 * The verification token is the owners' (the server sends it to no one else), as is Reset, which
 * forgets it so that a new subscription can be connected.
 */
export function NotionWebhookCard() {
  const t = useT('home');
  const translate = useQuireTranslate();
  const dataProvider = useDataProvider<QuireDataProvider>();
  const canReset = useCanWrite('notion-webhook');
  const { run, busy } = useRun();
  const [confirming, setConfirming] = useState(false);
  const { data, error, isPending } = useQuery({
    queryKey: [QUERY_KEY],
    queryFn: () => dataProvider.notionWebhook(),
    refetchInterval: (query) => (query.state.data?.verified_at ? VERIFIED_MS : WAITING_MS),
  });

  const reset = () => {
    setConfirming(false);
    void run('reset', {
      call: (provider) => provider.resetNotionWebhook(),
      invalidates: [QUERY_KEY],
      success: t('webhookResetDone'),
      failure: withReason(t('webhookResetFailed')),
    });
  };

  return (
    <HomeCard id="notion-webhook" title={t('webhookCard')}>
      {isPending ? (
        <CircularProgress size={20} aria-label={translate('quire.app.loading')} />
      ) : !data ? (
        <Alert severity="warning">{withReason(t('webhookLoadFailed'))(error)}</Alert>
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <Typography variant="body2">{t('webhookExplain')}</Typography>
          <CopyField label={t('webhookAddress')} value={data.url} />
          <Steps />
          <Box>
            <Typography variant="subtitle1" component="h3" sx={{ mb: 0.5 }}>
              {t('webhookStateTitle')}
            </Typography>
            <Box role="status">
              <State webhook={data} />
            </Box>
          </Box>
          {canReset && data.verification_received && (
            <div>
              <Button variant="outlined" color="warning" onClick={() => setConfirming(true)} disabled={!!busy}>
                {busy === 'reset' ? t('webhookResetting') : t('webhookReset')}
              </Button>
            </div>
          )}
        </Stack>
      )}
      <Confirm
        isOpen={confirming}
        title="quire.home.webhookResetTitle"
        content="quire.home.webhookResetContent"
        onConfirm={reset}
        onClose={() => setConfirming(false)}
      />
    </HomeCard>
  );
}
