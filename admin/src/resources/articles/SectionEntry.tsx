import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { ReferenceInput, SelectInput, useChoicesContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { useLookups } from '../../components/useLookups';
import { useRun } from '../../components/useRun';
import { useT } from '../../components/useT';
import { Section } from '../sections/types';
import { ALL_SECTIONS, isBehind, SectionSnapshot, snapshotOf } from './types';

interface EntryProps {
  index: number;
  /** Set on the edit screen: a chosen section then offers Edit, which comes back here. */
  articleId?: string;
  /** The article's saved snapshots: a section deleted since keeps its saved copy. */
  saved: SectionSnapshot[];
  onRemove: () => void;
}

/** What a chosen section is (spec §2): name, temperature, notes and bias group. */
function SectionPreview({ section }: { section: Section }) {
  const t = useT('articles');
  const { biasName } = useLookups();
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 0.5, m: 0, mt: 1, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}>
      <dt>{t('previewName')}</dt>
      <dd>{section.name}</dd>
      <dt>{t('previewTemperature')}</dt>
      <dd>{section.temperature}</dd>
      <dt>{t('previewNotes')}</dt>
      <dd>{section.notes || '-'}</dd>
      <dt>{t('previewBias')}</dt>
      <dd>{biasName(section.logit_bias_group, t('none'))}</dd>
    </Box>
  );
}

/**
 * Which version of its section a saved entry holds and, when the section has a newer
 * one, "Update to version N": the section is read afresh and the slot takes it as it is now (its
 * bias list included), saved with Update Article. Nothing for a slot whose section was chosen in
 * this form (it is snapshotted on save) or whose section was deleted.
 */
function EntryVersion(props: { index: number; chosenId: string | null }) {
  const t = useT('articles');
  const { setValue } = useFormContext();
  const { run, busy } = useRun();
  const saved: SectionSnapshot | undefined = useWatch({ name: `sections.${props.index}.saved` });
  const updated: boolean | undefined = useWatch({ name: `sections.${props.index}.updated` });
  if (!saved || saved.section !== props.chosenId || (saved.latest_version ?? null) === null) return null;
  const line = { variant: 'body2', color: 'text.secondary', sx: { mt: 1 } } as const;
  if (updated) return <Typography {...line}>{t('updatedToVersion', { version: saved.section_version })}</Typography>;
  if (!isBehind(saved)) return <Typography {...line}>{t('atVersion', { version: saved.section_version })}</Typography>;
  const latest = saved.latest_version;
  const update = () =>
    run(`update-${props.index}`, {
      call: (dataProvider) => dataProvider.getOne<Section>('sections', { id: saved.section }),
      failure: t('versionLoadFailed'),
      onSuccess: ({ data }) => {
        setValue(`sections.${props.index}.saved`, { ...snapshotOf(data), section_version: latest, latest_version: latest }, { shouldDirty: true });
        setValue(`sections.${props.index}.updated`, true, { shouldDirty: true });
      },
    });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mt: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {saved.section_version === null || saved.section_version === undefined
          ? t('versionUnknown', { latest })
          : t('versionBehind', { saved: saved.section_version, latest })}
      </Typography>
      <Button variant="outlined" size="small" onClick={update} disabled={!!busy}>
        {t('updateToVersion', { version: latest })}
      </Button>
    </Stack>
  );
}

/** The slot's picker, its actions and its preview, inside the ReferenceInput that loads the sections. */
function EntryBody(props: EntryProps & { source: string; label: string }) {
  const t = useT('articles');
  const { allChoices = [], isPending } = useChoicesContext<Section>();
  const chosenId: string | null = useWatch({ name: props.source });
  const section = allChoices.find((s) => s.id === chosenId);
  const orphan = section || !chosenId ? undefined : props.saved.find((s) => s.section === chosenId);
  const choices = orphan ? [...allChoices, { id: orphan.section, name: orphan.heading }] : allChoices;
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <SelectInput
          source={props.source}
          label={props.label}
          choices={choices}
          isPending={isPending}
          optionText="name"
          emptyText={t('selectSection')}
          helperText={false}
          margin="none"
          SelectProps={{ displayEmpty: true }}
          InputLabelProps={{ shrink: true }}
          sx={{ flex: 1 }}
        />
        {props.articleId && section && (
          <Button component={Link} to={`/sections/edit/${section.id}?article=${props.articleId}`}>
            {t('editSection')}
          </Button>
        )}
        <Button color="error" onClick={props.onRemove}>
          {t('remove')}
        </Button>
      </Stack>
      {section && <SectionPreview section={section} />}
      <EntryVersion index={props.index} chosenId={chosenId} />
      {orphan && (
        <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
          {t('missingSection')}
        </Typography>
      )}
    </>
  );
}

/** One section slot of the article form: a section chosen from the operator's own (or its saved copy), Edit and Remove. */
export function SectionEntry(props: EntryProps) {
  const t = useT('articles');
  const label = t('section', { n: props.index + 1 });
  const source = `sections.${props.index}.section`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} role="group" aria-label={label}>
      <ReferenceInput source={source} reference="sections" perPage={ALL_SECTIONS.pagination.perPage} sort={ALL_SECTIONS.sort}>
        <EntryBody {...props} source={source} label={label} />
      </ReferenceInput>
    </Paper>
  );
}
