import { Alert, Box, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { QuireDataProvider } from '../../dataProvider';
import type { UsageSummary } from '../../resources/history/api';
import { formatCount, formatDay, formatUsd } from '../../i18n/format';
import { SpendChart } from './SpendChart';
import { useT, useQuireTranslate } from '../../components/useT';

function Figure(props: { label: string; value: string; detail?: string }) {
  return (
    <Box sx={{ minWidth: 120 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {props.label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0 }}>
        {props.value}
      </Typography>
      {props.detail && (
        <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0 }}>
          {props.detail}
        </Typography>
      )}
    </Box>
  );
}

function Figures(props: { usage: UsageSummary }) {
  const { usage } = props;
  const t = useT('home');
  return (
    <Stack spacing={2}>
      <Stack component="dl" direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap', m: 0 }}>
        <Figure label={t('spendArticles')} value={formatCount(usage.articles)} />
        <Figure label={t('spendSections')} value={formatCount(usage.sections)} />
        <Figure
          label={t('spendTokens')}
          value={formatCount(usage.prompt_tokens + usage.completion_tokens)}
          detail={t('spendTokensSplit', { prompt: formatCount(usage.prompt_tokens), completion: formatCount(usage.completion_tokens) })}
        />
        <Figure label={t('spendCost')} value={formatUsd(usage.cost_usd, t('spendPriceUnknown'))} />
      </Stack>
      {usage.cost_usd === null && <Typography variant="body2">{t('spendPartlyUnknown')}</Typography>}
      {usage.sections === 0 ? (
        <Typography color="text.secondary">{t('spendNothing')}</Typography>
      ) : (
        <Box>
          <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
            {t('spendByModel')}
          </Typography>
          <SpendChart usage={usage} />
          {usage.by_vendor.length > 1 && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('spendByVendor', {
                vendors: usage.by_vendor.map((v) => `${v.vendor} ${formatUsd(v.cost_usd, t('spendPriceUnknown'))}`).join(' · '),
              })}
            </Typography>
          )}
        </Box>
      )}
      <Link component={RouterLink} to="/history" variant="body2">
        {t('spendHistoryLink')}
      </Link>
    </Stack>
  );
}

/**
 * Home's summary of this month's spend: articles, sections, tokens and cost as
 * GET /api/usage computes them (the calendar month in UTC), and tokens by model as a small chart.
 * The screen only displays the API's numbers.
 */
export function SpendCard() {
  const translate = useQuireTranslate();
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { data, error, isPending } = useQuery({ queryKey: ['usage', 'this-month'], queryFn: () => dataProvider.getUsage() });
  return (
    <Card variant="outlined" component="section" aria-labelledby="spend-heading" sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="spend-heading">
          {translate('quire.home.spend')}
        </Typography>
        {data && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {translate('quire.home.spendRange', { from: formatDay(data.from), to: formatDay(data.to) })}
          </Typography>
        )}
        {isPending ? (
          <CircularProgress size={20} aria-label={translate('quire.app.loading')} />
        ) : error ? (
          <Alert severity="warning">{translate('quire.home.spendLoadFailed')}</Alert>
        ) : (
          <Figures usage={data} />
        )}
      </CardContent>
    </Card>
  );
}
