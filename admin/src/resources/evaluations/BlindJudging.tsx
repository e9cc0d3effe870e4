import { Alert, Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { Evaluation, EvaluationItem, Side } from './types';

const KEYS: Record<string, Side> = { '1': 'A', '2': 'B', '3': 'tie' };

/** Both outputs of its pair written: the item can be judged. */
const judgeable = (item: EvaluationItem) => item.pair.every((label) => item.outputs[label]);

/** Whether a key press belongs to a field being typed in (then it is not a judgment). */
function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  return !!element && (['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) || element.isContentEditable);
}

/**
 * Blind judging: an item's prompt and original, then its two outputs as A and B (in the order the
 * evaluation drew for it) without the variants' labels; the operator picks A, B or a tie (keys 1,
 * 2, 3), and the next item not judged yet comes. The label behind the chosen side is what is sent.
 */
export function BlindJudging(props: { evaluation: Evaluation }) {
  const t = useT('evaluations');
  const { evaluation } = props;
  const { run, busy } = useRun();
  const items = evaluation.items.filter(judgeable);
  const firstOpen = Math.max(
    0,
    items.findIndex((item) => item.winner === null),
  );
  const [at, setAt] = useState<number | null>(null);
  const index = Math.min(at ?? firstOpen, Math.max(items.length - 1, 0));
  const item: EvaluationItem | undefined = items[index];
  const [told, setTold] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);

  const judge = (side: Side) => {
    if (!item || busy) return;
    const winner = side === 'tie' ? 'tie' : item.pair[side === 'A' ? 0 : 1];
    void run('judge', {
      call: (dataProvider) => dataProvider.judgeEvaluation(evaluation.id, { item: item._id, winner }),
      invalidates: ['evaluations'],
      failure: withReason(t('judgeFailed')),
      onSuccess: () => {
        setTold(t('judged', { n: item.position + 1, side: t(`side_${side}`) }));
        // The next item not judged yet, after this one (else before it); this one when none is left.
        const after = items.findIndex((other, i) => i > index && other.winner === null);
        const before = items.findIndex((other, i) => i < index && other.winner === null);
        setAt(after >= 0 ? after : before >= 0 ? before : index);
        heading.current?.focus();
      },
    });
  };

  // The keys reach the judge of the screen as it is now (set before the browser paints it), so a
  // key pressed as soon as the buttons are enabled again is taken.
  const latestJudge = useRef(judge);
  useLayoutEffect(() => {
    latestJudge.current = judge;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const side = KEYS[event.key];
      if (!side || event.altKey || event.ctrlKey || event.metaKey || typing(event.target)) return;
      event.preventDefault();
      latestJudge.current(side);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  if (!item) return <Typography variant="body2">{t('nothingToJudge')}</Typography>;
  const judgedSide: Side | null = item.winner === null ? null : item.winner === 'tie' ? 'tie' : item.winner === item.pair[0] ? 'A' : 'B';
  const open = items.filter((i) => i.winner === null).length;
  return (
    <Box role="region" aria-label={t('judgeTitle')}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="subtitle1" component="h3" tabIndex={-1} ref={heading}>
          {t('itemOf', { n: item.position + 1, total: evaluation.items.length })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('stillOpen', { smart_count: open })}
        </Typography>
      </Stack>
      <Typography variant="overline" component="h4">
        {t('prompt')}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 1 }}>
        {item.prompt}
      </Typography>
      <Typography variant="overline" component="h4">
        {t('original')}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mb: 2, maxHeight: 240, overflow: 'auto' }}>
        {item.original}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2 }}>
        {(['A', 'B'] as const).map((side, i) => (
          <Card
            key={side}
            variant="outlined"
            sx={{ flex: 1, borderWidth: judgedSide === side ? 2 : 1, borderColor: judgedSide === side ? 'primary.main' : undefined }}
          >
            <CardContent>
              <Typography variant="h6" component="h4">
                {t('output', { side })}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto' }}>
                {item.outputs[item.pair[i]].text}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        {(['A', 'B', 'tie'] as const).map((side, i) => (
          <Button
            key={side}
            variant={judgedSide === side ? 'contained' : 'outlined'}
            disabled={busy !== null}
            onClick={() => judge(side)}
            aria-keyshortcuts={String(i + 1)}
          >
            {t(`choose_${side}`)}
          </Button>
        ))}
        <Box sx={{ flex: 1 }} />
        <Button disabled={index === 0} onClick={() => setAt(index - 1)}>
          {t('previous')}
        </Button>
        <Button disabled={index >= items.length - 1} onClick={() => setAt(index + 1)}>
          {t('next')}
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary" display="block" sx={{ mt: 1 }}>
        {t('keys')}
      </Typography>
      {judgedSide && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t('alreadyJudged', { side: t(`side_${judgedSide}`) })}
        </Alert>
      )}
      <Typography role="status" variant="body2" sx={{ mt: 1 }}>
        {told}
      </Typography>
    </Box>
  );
}
