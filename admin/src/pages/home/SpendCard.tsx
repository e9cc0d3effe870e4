import { Alert, Box, Card, CardContent, CircularProgress, Link, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { QuireDataProvider, UsageSummary } from '../../dataProvider';
import { formatCount, formatUsd } from '../../resources/history/format';
import { SpendChart } from './SpendChart';

/** "2026-11-01" as "Nov 1, 2026", read as the UTC day the API means. */
const day = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

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
  const translate = useTranslate();
  const { usage } = props;
  const t = (key: string, options?: Record<string, unknown>) => translate(`quire.home.${key}`, options);
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
        </Box>
      )}
      <Link component={RouterLink} to="/history" variant="body2">
        {t('spendHistoryLink')}
      </Link>
    </Stack>
  );
}

/**
 * Home's summary of this month's spend (issue 16): articles, sections, tokens and cost as
 * GET /api/usage computes them (the calendar month in UTC), and tokens by model as a small chart.
 * The screen only displays the API's numbers.
 */
export function SpendCard() {
  const translate = useTranslate();
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
            {translate('quire.home.spendRange', { from: day(data.from), to: day(data.to) })}
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
