import { Accordion, AccordionDetails, AccordionSummary, Alert, Box, Card, CardContent, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { DetailsTable } from '../../components/DetailsTable';
import type { ScreenT } from '../../components/useT';
import { formatCount, formatUsd } from '../../i18n/format';
import { formatDuration } from './format';
import { Markdown } from './Markdown';
import { HistorySection, OmittedParameters } from './types';

type T = ScreenT<'history'>;

/** Its cost; for a section written through OpenAI's Batch API, marked as the batch price, half. */
function costText(section: HistorySection, t: T): string {
  const cost = formatUsd(section.cost_usd, t('priceUnknown'));
  return section.batch ? t('batchPrice', { cost }) : cost;
}

/** One written section: its heading and text, then how it was written (model, parameters, tokens, cost, time) and the prompts as sent. */
export function SectionView(props: { section: HistorySection; note?: OmittedParameters; biasName: (id: string) => string; t: T }) {
  const { section, note, biasName, t } = props;
  const words = (list: string[]) => list.map((w) => `"${w}"`).join(', ');
  const notRecorded = t('notRecorded');
  const recorded = section.prompt_tokens !== null && section.completion_tokens !== null;
  const facts: [string, string][] = [
    // The version of its section the article's entry equalled when this was written (nothing when it equalled none).
    ...(typeof section.section_version === 'number'
      ? ([[t('sectionVersion'), t('versionN', { version: section.section_version })]] as [string, string][])
      : []),
    [t('model'), section.model ?? notRecorded],
    [t('temperature'), section.temperature === null ? (section.model ? t('notSent') : notRecorded) : String(section.temperature)],
    [t('reasoningEffort'), section.reasoning_effort ?? t('defaultEffort')],
    [t('biasList'), section.logit_bias_group ? biasName(section.logit_bias_group) : t('noBiasList')],
    [
      t('tokens'),
      recorded
        ? t('sectionTokens', { prompt: formatCount(section.prompt_tokens!), completion: formatCount(section.completion_tokens!) }) +
          (section.reasoning_tokens ? t('reasoningTokens', { reasoning: formatCount(section.reasoning_tokens) }) : '') +
          (section.cached_tokens ? t('cachedTokens', { cached: formatCount(section.cached_tokens) }) : '')
        : notRecorded,
    ],
    [t('cost'), recorded ? costText(section, t) : notRecorded],
    [t('time'), formatDuration(section.duration_ms, notRecorded)],
  ];
  const headingId = `section-${section.position}-heading`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h6" component="h3" id={headingId}>
          {section.heading}
        </Typography>
        <Markdown text={section.content} />
        <Box
          component="dl"
          aria-label={t('sectionDetails', { heading: section.heading })}
          sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, my: 1, color: 'text.secondary', fontSize: '0.875rem' }}
        >
          {facts.map(([label, value]) => (
            <Box key={label} sx={{ display: 'flex', gap: 0.5 }}>
              <Box component="dt" sx={{ fontWeight: 600 }}>
                {label}:
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                {value}
              </Box>
            </Box>
          ))}
        </Box>
        {section.examples && (
          <Box sx={{ my: 1 }}>
            <Typography variant="body2" component="h4" sx={{ fontWeight: 600 }}>
              {section.examples.length > 0 ? t('examplesUsed', { smart_count: section.examples.length }) : t('noExamplesInSet')}
            </Typography>
            {section.examples.length > 0 && (
              <Box component="ol" sx={{ m: 0, pl: 3, fontSize: '0.875rem', color: 'text.secondary' }}>
                {section.examples.map((example) => (
                  <li key={example.uuid}>
                    <Box component="code" sx={{ mr: 1 }}>
                      {example.uuid}
                    </Box>
                    {example.words}
                  </li>
                ))}
              </Box>
            )}
          </Box>
        )}
        {note && (note.parameters.length > 0 || note.rewritten.length > 0) && (
          <Alert severity="info" variant="outlined" sx={{ my: 1 }}>
            <Typography variant="body2" component="h4" sx={{ fontWeight: 600 }}>
              {t('notSentAsAsked')}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2 }}>
              {note.parameters.map((parameter) => (
                <li key={parameter}>
                  {t(`parameter_${parameter}`)}: {note.reasons[parameter]}
                </li>
              ))}
              {note.rewritten.length > 0 && <li>{t('wordsRewritten', { words: words(note.rewritten) })}</li>}
              {note.slipped.length > 0 && <li>{t('wordsSlipped', { words: words(note.slipped) })}</li>}
            </Box>
          </Alert>
        )}
        <Accordion disableGutters variant="outlined" sx={{ mt: 1 }} slotProps={{ heading: { component: 'h4' } }}>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`prompts-${section.position}`} id={`prompts-${section.position}-summary`}>
            <Typography variant="body2">{t('prompts')}</Typography>
          </AccordionSummary>
          <AccordionDetails id={`prompts-${section.position}`}>
            <DetailsTable
              preWrap
              label={t('prompts')}
              rows={[
                [t('systemMessage'), section.system_message ?? notRecorded],
                [t('userMessage'), section.user_message ?? notRecorded],
              ]}
            />
          </AccordionDetails>
        </Accordion>
      </CardContent>
    </Card>
  );
}
