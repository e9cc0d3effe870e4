import ScienceIcon from '@mui/icons-material/Science';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { useRecordContext } from 'react-admin';
import { useCanWrite } from '../../components/CanWrite';
import { useT } from '../../components/useT';
import { PreviewForm } from './PreviewForm';
import { PreviewResult } from './PreviewResult';
import type { Section } from '../sections/types';

/** "Try this section" on the section form: the saved section run alone on sample values, in a dialog. */
export function TrySectionButton() {
  const t = useT('previews');
  const section = useRecordContext<Section>();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const canRun = useCanWrite('previews');
  if (!section?.id || !canRun) return null;
  return (
    <Box sx={{ mt: 1 }}>
      <Button variant="outlined" startIcon={<ScienceIcon />} onClick={() => setOpen(true)}>
        {t('trySection')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} maxWidth="lg" fullWidth aria-labelledby="try-section-title">
        <DialogTitle id="try-section-title">{t('title', { name: section.name })}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('sectionIntro')}
          </Typography>
          <PreviewForm template={{ sectionId: section.id }} prompts={[section.system_message, section.user_message]} samples onStarted={setShown} />
          {shown && <PreviewResult id={shown} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
