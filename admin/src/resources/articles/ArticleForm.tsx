import { Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { FormEvent, useRef, useState } from 'react';
import { useGetList } from 'react-admin';
import { useT } from '../../components/useT';
import { Section } from '../sections/types';
import { SectionSlots, Slot } from './SectionSlots';
import { Article, snapshotSections } from './types';

export type ArticlePayload = Pick<Article, 'article_title' | 'article_type' | 'notes' | 'sections'>;

/** Title and type (both required), notes, and the ordered section slots; shared by create and edit. */
export function ArticleForm(props: { article?: Article; submitLabel: string; saving: boolean; onSubmit: (payload: ArticlePayload) => void }) {
  const t = useT('articles');
  const { data: sections = [] } = useGetList<Section>('sections', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  const nextKey = useRef(0);
  const slot = (sectionId: string): Slot => ({ key: nextKey.current++, sectionId });
  const [title, setTitle] = useState(props.article?.article_title ?? '');
  const [type, setType] = useState(props.article?.article_type ?? '');
  const [notes, setNotes] = useState(props.article?.notes ?? '');
  const [slots, setSlots] = useState<Slot[]>(() => (props.article ? props.article.sections.map((s) => slot(s.section)) : [slot('')]));
  const [touched, setTouched] = useState(false);
  const saved = props.article?.sections ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (props.saving || !title.trim() || !type.trim()) return;
    props.onSubmit({
      article_title: title.trim(),
      article_type: type.trim(),
      notes,
      sections: snapshotSections(
        slots.map((s) => s.sectionId),
        sections,
        !props.article,
        saved,
      ),
    });
  };

  return (
    <Card sx={{ maxWidth: 900 }}>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label={props.submitLabel}>
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('title')}
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                required
                sx={{ flex: 2 }}
                error={touched && !title.trim()}
                helperText={touched && !title.trim() ? t('required') : undefined}
                inputProps={{ maxLength: 200 }}
              />
              <TextField
                label={t('type')}
                value={type}
                onChange={(e) => setType(e.target.value)}
                required
                sx={{ flex: 1 }}
                error={touched && !type.trim()}
                helperText={touched && !type.trim() ? t('required') : undefined}
                inputProps={{ maxLength: 100 }}
              />
            </Stack>
            <TextField label={t('notes')} value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} />
            <Typography variant="h6" component="h2">
              {t('sectionsHeading')}
            </Typography>
            <SectionSlots
              slots={slots}
              sections={sections}
              saved={saved}
              articleId={props.article?.id}
              onChange={setSlots}
              onAdd={() => setSlots((s) => [...s, slot('')])}
            />
            <div>
              <Button type="submit" variant="contained" disabled={props.saving}>
                {props.saving ? t('saving') : props.submitLabel}
              </Button>
            </div>
          </Stack>
        </form>
      </CardContent>
    </Card>
  );
}
