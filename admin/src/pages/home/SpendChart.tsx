import { Box, useTheme } from '@mui/material';
import { useId } from 'react';
import type { UsageSummary } from '../../resources/history/api';
import { formatCount, formatUsd } from '../../i18n/format';
import { useQuireTranslate } from '../../components/useT';

const ROW = 26;
const LABEL = 170;
const BAR = 250;
const WIDTH = 600;

type ModelRow = { label: string; tokens: number; cost: string };

/**
 * This month's tokens by model as horizontal bars, the cost beside each: a small SVG of its own
 * (no chart package), one image for assistive technology whose title and description say every
 * figure the bars show. The figures are the API's (GET /api/usage), only formatted here.
 */
export function SpendChart(props: { usage: UsageSummary }) {
  const translate = useQuireTranslate();
  const theme = useTheme();
  const id = useId();
  const unknown = translate('quire.home.spendPriceUnknown');
  const rows: ModelRow[] = props.usage.by_model.map((m) => ({
    label: m.model ?? translate('quire.home.spendUnrecorded'),
    tokens: m.prompt_tokens + m.completion_tokens,
    cost: formatUsd(m.cost_usd, unknown),
  }));
  if (rows.length === 0) return null;
  // Every model the API lists gets its row: the screen sums nothing itself.
  const shown = rows;
  const largest = Math.max(1, ...shown.map((r) => r.tokens));
  const title = translate('quire.home.spendByModel');
  const description = translate('quire.home.spendChartLabel', {
    models: rows.map((r) => translate('quire.home.spendChartModel', { model: r.label, tokens: formatCount(r.tokens), cost: r.cost })).join('; '),
  });
  const height = shown.length * ROW + 4;
  return (
    <Box sx={{ maxWidth: WIDTH }}>
      <svg role="img" aria-labelledby={`${id}-title ${id}-desc`} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" style={{ display: 'block' }}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {shown.map((row, index) => {
          const y = index * ROW + 2;
          const width = Math.max(2, (BAR * row.tokens) / largest);
          return (
            <g key={row.label} fontSize={13} fill={theme.palette.text.primary}>
              <text x={LABEL - 8} y={y + ROW / 2 + 4} textAnchor="end">
                {row.label.length > 22 ? `${row.label.slice(0, 21)}…` : row.label}
              </text>
              <rect x={LABEL} y={y + 4} width={width} height={ROW - 8} rx={2} fill={theme.palette.primary.main} />
              <text x={LABEL + width + 8} y={y + ROW / 2 + 4}>
                {`${formatCount(row.tokens)} · ${row.cost}`}
              </text>
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
