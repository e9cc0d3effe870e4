import { Accordion, AccordionDetails, AccordionSummary, Box, Button, Card, CardContent, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useGetList, useListContext } from 'react-admin';
import type { Budget } from '../../pages/home/api';
import type { QuireDataProvider } from '../../dataProvider';
import { formatUsd } from '../../i18n/format';
import { Link, useSearchParams } from 'react-router-dom';
import { DetailsTable } from '../../components/DetailsTable';
import { WholeList } from '../../components/ListTable';
import { deleting, useRun } from '../../components/useRun';
import { useCanWrite } from '../../components/CanWrite';
import { useLookups } from '../../components/useLookups';
import { ScreenT, useT } from '../../components/useT';
import { Article, isBehind, SectionSnapshot } from './types';
import { TryItButton } from '../previews';
import { Loading } from '../../components/Loading';

/** /articles: pick an article; its summary, Edit and Delete, and each section expanded on demand. */
export default function ArticleView() {
  const t = useT('articles');
  return (
    <Box sx={{ p: 2, maxWidth: 1000 }}>
      <Title title={t('listTitle')} />
      <WholeList resource="articles" sort={{ field: 'article_title', order: 'ASC' }}>
        <ChosenArticle />
      </WholeList>
    </Box>
  );
}

/** The version of its section an entry holds, and the section's newer one when there is one. */
function versionText(entry: SectionSnapshot, t: ScreenT<'articles'>): string {
  const held = entry.section_version ?? null;
  if (!isBehind(entry)) return held === null ? t('noVersion') : t('versionN', { version: held });
  return held === null ? t('noVersionNow', { latest: entry.latest_version }) : t('versionNow', { version: held, latest: entry.latest_version });
}

/** About what an article of the template costs on its models, as a monthly budget reserves it. */
function Estimate(props: { articleId: string }) {
  const t = useT('articles');
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { data, isPending, isError } = useQuery({
    queryKey: ['articles', props.articleId, 'estimate'],
    queryFn: () => dataProvider.getArticleEstimate(props.articleId),
  });
  const { data: budgets } = useGetList<Budget>('budgets', { pagination: { page: 1, perPage: 1000 } });
  const budget = budgets?.find((one) => one.article_id === props.articleId);
  if (isError) return null;
  return (
    <>
      <Typography variant="body2" color={isPending ? 'text.secondary' : undefined} sx={{ mt: 1 }} role="status">
        {isPending ? t('estimating') : data.cost_usd === null ? t('estimateUnknown') : t('estimate', { cost: formatUsd(data.cost_usd, '') })}
      </Typography>
      {budget && (
        <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="template-budget">
          {t('templateBudget', { spent: formatUsd(budget.spent_usd, ''), limit: formatUsd(budget.monthly_limit_usd, '') })}
        </Typography>
      )}
    </>
  );
}

/** A template whose rows are written through OpenAI's Batch API. */
function BulkChip() {
  const t = useT('articles');
  return <Chip size="small" variant="outlined" label={t('bulkChip')} title={t('bulkChipHint')} sx={{ ml: 1 }} />;
}

/** The list's dropdown (the choice kept in the URL's `?id=`) and the article chosen. */
function ChosenArticle() {
  const t = useT('articles');
  const { run, busy } = useRun();
  const [params, setParams] = useSearchParams();
  const { data, isPending } = useListContext<Article>();
  const { modelName, biasName } = useLookups();
  const canWrite = useCanWrite('articles');
  const selectedId = params.get('id') ?? '';
  const article = data?.find((a) => a.id === selectedId);

  const remove = (chosen: Article) =>
    run(chosen.id, {
      ...deleting('articles', chosen),
      confirm: t('confirmDelete'),
      success: t('deleted'),
      failure: t('deleteFailed'),
      onSuccess: () => setParams({}, { replace: true }),
    });

  return (
    <>
      {isPending ? (
        <Loading />
      ) : !data?.length ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : (
        <TextField
          select
          label={t('choose')}
          value={article ? selectedId : ''}
          onChange={(e) => setParams(e.target.value ? { id: e.target.value } : {}, { replace: true })}
          sx={{ minWidth: 360, mb: 2 }}
          SelectProps={{ displayEmpty: true }}
          InputLabelProps={{ shrink: true }}
        >
          <MenuItem value="">{t('choosePlaceholder')}</MenuItem>
          {data.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.article_title}
              {a.bulk && <BulkChip />}
            </MenuItem>
          ))}
        </TextField>
      )}
      {article && (
        <>
          <Card variant="outlined" sx={{ mb: 2 }}>
            <CardContent>
              <DetailsTable
                label={article.article_title}
                rows={[
                  [t('type'), article.article_type],
                  [t('title'), article.article_title],
                  [t('sectionCount'), String(article.sections.length)],
                  ...(article.notes ? ([[t('notes'), article.notes]] as [string, string][]) : []),
                ]}
              />
              <Estimate articleId={String(article.id)} />
              <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                {canWrite && (
                  <>
                    <Button variant="contained" component={Link} to={`/articles/edit/${article.id}`}>
                      {t('edit')}
                    </Button>
                    <Button color="error" onClick={() => remove(article)} disabled={!!busy}>
                      {t('delete')}
                    </Button>
                  </>
                )}
                <TryItButton articleId={article.id} />
              </Stack>
            </CardContent>
          </Card>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('sectionsHeading')}
          </Typography>
          {article.sections.map((section, index) => (
            <Accordion key={`${section.section}-${index}`} disableGutters>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography>{`${index + 1}. ${section.heading}`}</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <DetailsTable
                  preWrap
                  rows={[
                    [t('heading'), section.heading],
                    [t('systemPrompt'), section.systemPrompt],
                    [t('userPrompt'), section.userPrompt],
                    [t('model'), modelName(section.model)],
                    [t('temperature'), String(section.temperature)],
                    [t('biasGroup'), biasName(section.logit_bias_group ?? null, t('none'))],
                    [t('sectionVersion'), versionText(section, t)],
                  ]}
                />
              </AccordionDetails>
            </Accordion>
          ))}
        </>
      )}
    </>
  );
}
