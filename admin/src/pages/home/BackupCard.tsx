import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useEffect, useState } from 'react';
import { useCanAccess, useTranslate } from 'react-admin';

/** How long the button stays busy after a click: the server makes the backup before the download starts. */
const PREPARING_MS = 4000;

/**
 * Home's backup card, for the owners of the data only (authProvider.canAccess). The button is a
 * link the browser downloads from (GET /api/backup streams the file to disk, however large); it
 * stays disabled for a moment after a click so that a double click makes one backup.
 */
export function BackupCard() {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: 'backup', action: 'download' });
  const [preparing, setPreparing] = useState(false);
  useEffect(() => {
    if (!preparing) return;
    const timer = setTimeout(() => setPreparing(false), PREPARING_MS);
    return () => clearTimeout(timer);
  }, [preparing]);
  if (!canAccess) return null;
  return (
    <Card component="section" aria-labelledby="backup-title" sx={{ mb: 2 }}>
      <CardContent>
        <Stack spacing={1.5} sx={{ maxWidth: 720 }}>
          <Typography id="backup-title" variant="h6" component="h2">
            {translate('quire.home.backupCard')}
          </Typography>
          <Typography variant="body2">{translate('quire.home.backupExplain')}</Typography>
          <div>
            <Button variant="outlined" startIcon={<DownloadIcon />} href="/api/backup" download disabled={preparing} onClick={() => setPreparing(true)}>
              {translate(preparing ? 'quire.home.backupPreparing' : 'quire.home.backupDownload')}
            </Button>
          </div>
          <Typography variant="caption" color="text.secondary">
            {translate('quire.home.backupStarts')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
