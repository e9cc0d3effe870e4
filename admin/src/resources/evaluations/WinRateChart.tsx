import { useTheme } from '@mui/material';
import { VariantSummary } from './types';

const LABEL = 180;
const WIDTH = 600;
const ROW = 34;
const percent = (value: number) => `${Math.round(value * 100)} %`;

/**
 * Each variant's win rate as a bar, its 95 % interval as a line across it, and a mark at 50 %: a
 * variant whose whole line lies right of the mark wins surely. Drawn in SVG (no chart library);
 * the figure's label says it in words for a screen reader.
 */
export function WinRateChart(props: { summary: VariantSummary[]; label: string; unjudged: string }) {
  const theme = useTheme();
  const judged = props.summary.filter((s) => s.win_rate !== null);
  const words = props.summary
    .map((s) =>
      s.win_rate === null ? `${s.label}: ${props.unjudged}` : `${s.label}: ${percent(s.win_rate)} (${percent(s.win_rate_low!)}–${percent(s.win_rate_high!)})`,
    )
    .join('; ');
  const scale = (value: number) => LABEL + value * (WIDTH - LABEL - 16);
  const height = props.summary.length * ROW + 24;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} width="100%" role="img" aria-label={`${props.label}: ${words}.`} style={{ maxWidth: WIDTH }}>
      {props.summary.map((s, i) => {
        const y = i * ROW;
        return (
          <g key={s.label} fontSize={13} fill={theme.palette.text.primary}>
            <text x={0} y={y + ROW / 2 + 4}>
              {s.label.length > 24 ? `${s.label.slice(0, 23)}…` : s.label}
            </text>
            <rect x={scale(0)} y={y + 8} width={scale(1) - scale(0)} height={ROW - 16} fill={theme.palette.action.hover} />
            {s.win_rate !== null && (
              <>
                <rect x={scale(0)} y={y + 8} width={scale(s.win_rate) - scale(0)} height={ROW - 16} fill={theme.palette.primary.main} />
                <line
                  x1={scale(s.win_rate_low!)}
                  x2={scale(s.win_rate_high!)}
                  y1={y + ROW / 2}
                  y2={y + ROW / 2}
                  stroke={theme.palette.text.primary}
                  strokeWidth={2}
                />
                <line
                  x1={scale(s.win_rate_low!)}
                  x2={scale(s.win_rate_low!)}
                  y1={y + 10}
                  y2={y + ROW - 10}
                  stroke={theme.palette.text.primary}
                  strokeWidth={2}
                />
                <line
                  x1={scale(s.win_rate_high!)}
                  x2={scale(s.win_rate_high!)}
                  y1={y + 10}
                  y2={y + ROW - 10}
                  stroke={theme.palette.text.primary}
                  strokeWidth={2}
                />
              </>
            )}
          </g>
        );
      })}
      <line x1={scale(0.5)} x2={scale(0.5)} y1={0} y2={height - 20} stroke={theme.palette.text.secondary} strokeDasharray="4 3" />
      <g fontSize={11} fill={theme.palette.text.secondary}>
        <text x={scale(0)} y={height - 6}>
          0 %
        </text>
        <text x={scale(0.5) - 12} y={height - 6}>
          50 %
        </text>
        <text x={scale(1) - 34} y={height - 6}>
          100 %
        </text>
      </g>
      {judged.length === 0 && (
        <text x={scale(0) + 8} y={ROW / 2 + 4} fontSize={12} fill={theme.palette.text.secondary}>
          {props.unjudged}
        </text>
      )}
    </svg>
  );
}
