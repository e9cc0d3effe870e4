import { Box, Button, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useFieldArray } from 'react-hook-form';
import { useT } from '../../components/useT';
import { SectionEntry } from './SectionEntry';
import { SectionSnapshot } from './types';

/** The article's ordered section slots, each a `SectionEntry`, and Add Section at the end. */
export function SectionEntries(props: { articleId?: string; saved: SectionSnapshot[] }) {
  const t = useT('articles');
  const { fields, append, remove } = useFieldArray({ name: 'sections' });
  return (
    <Stack spacing={2}>
      {fields.map((field, index) => (
        <SectionEntry key={field.id} index={index} articleId={props.articleId} saved={props.saved} onRemove={() => remove(index)} />
      ))}
      <Box>
        <Button startIcon={<AddIcon />} onClick={() => append({ section: null })}>
          {t('addSection')}
        </Button>
      </Box>
    </Stack>
  );
}
