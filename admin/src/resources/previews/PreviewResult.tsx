import { Alert, Box, Card, CardContent, Chip, CircularProgress, LinearProgress, Stack, Typography } from '@mui/material';
import { useT } from '../../components/useT';
import type { Preview, PreviewSection, PreviewUsage } from './api';
import { formatDollarAmount as dollars } from '../../i18n/format';
import { usePreviewStream } from './usePreviewStream';

function Spent({ usage }: { usage: Pick<PreviewUsage, 'prompt_tokens' | 'completion_tokens' | 'cost_usd'> }) {
  const t = useT('previews');
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {t('tokens', { prompt: usage.prompt_tokens, completion: usage.completion_tokens })}
      {' · '}
      {usage.cost_usd === null ? t('costUnknown') : t('cost', { cost: dollars(usage.cost_usd) })}
    </Typography>
  );
}

function SectionCard({ section }: { section: PreviewSection }) {
  return (
    <Card variant="outlined" component="article" aria-label={section.heading} data-testid="preview-section">
      <CardContent>
        <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
          {section.heading}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', my: 1 }}>
          {section.content}
        </Typography>
        <Spent usage={section} />
      </CardContent>
    </Card>
  );
}

/** One column: a variant's model, its sections as they arrive, and its total. */
function VariantColumn({ preview, index }: { preview: Preview; index: number }) {
  const t = useT('previews');
  const variant = preview.variants[index];
  const name = variant.model_name ?? t('ownModels');
  const open = preview.status === 'queued' || preview.status === 'running';
  return (
    <Box component="section" aria-label={name} sx={{ flex: 1, minWidth: 0 }} data-testid="preview-variant">
      <Typography variant="h6" component="h3">
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('progress', { done: variant.sections.length, total: preview.sections_total })}
      </Typography>
      <Spent usage={variant.usage} />
      <Stack spacing={1} sx={{ mt: 1 }}>
        {variant.sections.map((section) => (
          <SectionCard key={section.position} section={section} />
        ))}
        {open && variant.sections.length < preview.sections_total && <LinearProgress aria-label={t('waiting')} />}
      </Stack>
    </Box>
  );
}

/** A preview streamed in: its status, then one column per model (two side by side when compared). */
export function PreviewResult({ id }: { id: string }) {
  const t = useT('previews');
  const preview = usePreviewStream(id);
  if (!preview) return <CircularProgress size={24} aria-label={t('waiting')} />;
  const status = t(`statusNames.${preview.status}`);
  return (
    <Box sx={{ mt: 2 }} aria-live="polite">
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
        <Typography variant="h6" component="h2">
          {preview.title}
        </Typography>
        <Chip
          size="small"
          label={t('status', { status })}
          color={preview.status === 'completed' ? 'success' : preview.status === 'failed' ? 'error' : 'default'}
          data-testid="preview-status"
        />
      </Stack>
      {preview.message && (
        <Alert severity={preview.status === 'failed' ? 'error' : 'warning'} sx={{ mb: 1 }}>
          {preview.message}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
        {preview.variants.map((variant, index) => (
          <VariantColumn key={variant.model ?? 'own'} preview={preview} index={index} />
        ))}
      </Stack>
    </Box>
  );
}
