import { Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { FieldValues } from 'react-hook-form';
import { BooleanInput, Form, required, TextInput, Toolbar, useGetList, useRecordContext, useSaveContext } from 'react-admin';
import { SubmitButton } from '../../components/forms';
import { useT } from '../../components/useT';
import { Section } from '../sections/types';
import { SectionEntries } from './SectionEntries';
import { ALL_SECTIONS, Article, ArticleFormValues, slotErrors, toArticlePayload, toFormRecord } from './types';

const NEW_ARTICLE: ArticleFormValues = { article_title: '', article_type: '', notes: '', bulk: false, sections: [{ section: null }] };

/** Spec §5's "required" for text: blank after trimming is empty too. */
const notBlank = (value: unknown) => (typeof value === 'string' && !value.trim() ? 'ra.validation.required' : undefined);
const filled = [required(), notBlank];

/**
 * Title and type (both required), notes, and the ordered section slots; shared by create and edit.
 * Saving snapshots each chosen section (spec §5): an entry the article already holds keeps its
 * snapshot (and version) until "Update to version N" on its slot. The server's field errors go on their inputs.
 */
export function ArticleForm(props: { submitLabel: string }) {
  const t = useT('articles');
  const article = useRecordContext<Article>();
  const { save } = useSaveContext();
  const { data: sections = [] } = useGetList<Section>('sections', ALL_SECTIONS);
  // Each saved entry's slot holds its snapshot: a save keeps it unless the slot's section changes or it is updated to a version.
  const record = useMemo(() => (article ? toFormRecord(article) : undefined), [article]);

  const submit = async (values: FieldValues) => {
    const { payload, slots } = toArticlePayload(values as ArticleFormValues, sections, !article, article?.sections);
    const errors = (await save?.(payload)) as Record<string, string> | undefined;
    return errors ? slotErrors(errors, slots) : undefined;
  };

  return (
    <Form onSubmit={submit} record={record} defaultValues={article ? undefined : NEW_ARTICLE} disableInvalidFormNotification noValidate>
      <Stack spacing={2} sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput source="article_title" label={t('title')} validate={filled} inputProps={{ maxLength: 200 }} sx={{ flex: 2 }} />
          <TextInput source="article_type" label={t('type')} validate={filled} inputProps={{ maxLength: 100 }} sx={{ flex: 1 }} />
        </Stack>
        <TextInput source="notes" label={t('notes')} multiline minRows={2} />
        <Typography variant="h6" component="h2">
          {t('sectionsHeading')}
        </Typography>
        <SectionEntries articleId={article?.id} saved={article?.sections ?? []} />
        {/* After the spec's fields: rows naming this template are written through OpenAI's Batch API. */}
        <BooleanInput source="bulk" label={t('bulk')} helperText={t('bulkHelp')} />
      </Stack>
      <Toolbar>
        <SubmitButton label={props.submitLabel} savingLabel={t('saving')} />
      </Toolbar>
    </Form>
  );
}
