import { Box, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Link } from 'react-router-dom';
import { useLookups } from '../../components/useLookups';
import { useT } from '../../components/useT';
import { Section } from '../sections/types';
import { SectionSnapshot } from './types';

export interface Slot {
  key: number;
  sectionId: string;
}

/** The ordered section slots: a dropdown and a preview each, Remove, and Add Section at the end. */
export function SectionSlots(props: {
  slots: Slot[];
  sections: Section[];
  saved: SectionSnapshot[];
  articleId?: string;
  onChange: (slots: Slot[]) => void;
  onAdd: () => void;
}) {
  const t = useT('articles');
  const { biasName } = useLookups();
  const choose = (key: number, sectionId: string) => props.onChange(props.slots.map((slot) => (slot.key === key ? { ...slot, sectionId } : slot)));

  return (
    <Stack spacing={2}>
      {props.slots.map((slot, index) => {
        const section = props.sections.find((s) => s.id === slot.sectionId);
        const orphan = !section && props.saved.find((s) => s.section === slot.sectionId);
        const label = t('section', { n: index + 1 });
        return (
          <Paper key={slot.key} variant="outlined" sx={{ p: 2 }} role="group" aria-label={label}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
              <TextField
                select
                label={label}
                value={section || orphan ? slot.sectionId : ''}
                onChange={(e) => choose(slot.key, e.target.value)}
                sx={{ flex: 1 }}
                SelectProps={{ displayEmpty: true }}
                InputLabelProps={{ shrink: true }}
              >
                <MenuItem value="">{t('selectSection')}</MenuItem>
                {orphan && <MenuItem value={slot.sectionId}>{orphan.heading}</MenuItem>}
                {props.sections.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
              </TextField>
              {props.articleId && section && (
                <Button component={Link} to={`/sections/edit/${section.id}?article=${props.articleId}`}>
                  {t('editSection')}
                </Button>
              )}
              <Button color="error" onClick={() => props.onChange(props.slots.filter((s) => s.key !== slot.key))}>
                {t('remove')}
              </Button>
            </Stack>
            {section && (
              <Box
                component="dl"
                sx={{ display: 'grid', gridTemplateColumns: '120px 1fr', gap: 0.5, m: 0, mt: 1, '& dt': { fontWeight: 600 }, '& dd': { m: 0 } }}
              >
                <dt>{t('previewName')}</dt>
                <dd>{section.name}</dd>
                <dt>{t('previewTemperature')}</dt>
                <dd>{section.temperature}</dd>
                <dt>{t('previewNotes')}</dt>
                <dd>{section.notes || '-'}</dd>
                <dt>{t('previewBias')}</dt>
                <dd>{biasName(section.logit_bias_group, t('none'))}</dd>
              </Box>
            )}
            {orphan && (
              <Typography variant="body2" color="warning.main" sx={{ mt: 1 }}>
                {t('missingSection')}
              </Typography>
            )}
          </Paper>
        );
      })}
      <Box>
        <Button startIcon={<AddIcon />} onClick={props.onAdd}>
          {t('addSection')}
        </Button>
      </Box>
    </Stack>
  );
}
