import { Box, Button, Chip, LinearProgress, Link, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useEffect, useState } from 'react';
import { DataTable, ListContextProvider, Title, useGetList, useList } from 'react-admin';
import { DataList } from '../../components/ListTable';
import { formatDate } from '../../i18n/format';
import { ScreenT, useT } from '../../components/useT';
import { Link as RouterLink } from 'react-router-dom';
import { bulkLine } from './bulk';
import { CancelBulkToolbar } from './CancelBulkToolbar';
import { HistoryEntry, isOpen, OmittedParameters, STATUS_COLOR } from './types';

/** One line per model and set of parameters left out, naming the sections; then the sections a word list made Quire write again. */
function omittedNotes(notes: OmittedParameters[], t: ScreenT<'history'>): string[] {
  const groups = new Map<string, { model: string; parameters: OmittedParameters['parameters']; sections: string[] }>();
  for (const note of notes) {
    if (note.parameters.length === 0) continue;
    const key = `${note.model}|${note.parameters.join()}`;
    const group = groups.get(key) ?? { model: note.model, parameters: note.parameters, sections: [] };
    group.sections.push(note.section);
    groups.set(key, group);
  }
  const words = (list: string[]) => list.map((w) => `"${w}"`).join(', ');
  return [
    ...[...groups.values()].map((g) =>
      t('omitted', { model: g.model, parameters: g.parameters.map((p) => t(`parameter_${p}`)).join(t('and')), sections: g.sections.join(', ') }),
    ),
    ...notes.filter((n) => n.rewritten.length > 0).map((n) => t('rewritten', { words: words(n.rewritten), section: n.section })),
    ...notes.filter((n) => n.slipped.length > 0).map((n) => t('slipped', { words: words(n.slipped), section: n.section })),
  ];
}

/** An entry's status; a running one shows how many sections are done, a bulk one its line. */
function Status(props: { entry: HistoryEntry; t: ScreenT<'history'> }) {
  const { entry, t } = props;
  const total = entry.meta.sectionsTotal ?? 0;
  const done = entry.meta.sectionsDone ?? 0;
  return (
    <>
      <Chip size="small" label={entry.status} color={STATUS_COLOR[entry.status] ?? 'default'} />
      {entry.status === 'running' && total > 0 && (
        <Box sx={{ mt: 0.5, minWidth: 120 }}>
          <LinearProgress variant="determinate" value={(100 * done) / total} aria-label={t('progress', { done, total })} />
          <Typography variant="caption">{t('progress', { done, total })}</Typography>
        </Box>
      )}
      {entry.meta.bulk && (
        <Typography variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5 }}>
          {bulkLine(entry.meta.bulk, isOpen(entry), t)}
        </Typography>
      )}
    </>
  );
}

/** /history: generation and training entries together, newest first; refreshed while any is open. Each title opens /history/{id}. */
export default function HistoryList() {
  const t = useT('history');
  const [following, setFollowing] = useState(false);
  const { data, isPending, error } = useGetList<HistoryEntry>(
    'history',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'timestamp', order: 'DESC' } },
    { refetchInterval: following ? 3000 : false },
  );
  useEffect(() => setFollowing((data ?? []).some(isOpen)), [data]);
  // Spec §8: a failure to load History is only logged.
  useEffect(() => void (error && console.error('Failed to load history', error)), [error]);
  const list = useList<HistoryEntry>({ data, isPending, error, resource: 'history' });

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('title')} />
      <CancelBulkToolbar />
      <ListContextProvider value={list}>
        <DataList<HistoryEntry> title={t('title')} empty={t('empty')}>
          <DataTable.Col<HistoryEntry> label={t('type')} render={(entry) => entry._type} />
          <DataTable.Col<HistoryEntry>
            label={t('entryTitle')}
            cellSx={() => ({ wordBreak: 'break-word' })}
            render={(entry) => (
              // The title opens the entry in full; the Message column keeps the spec's "View Results".
              <Link component={RouterLink} to={`/history/${entry.id}`}>
                {entry.title}
              </Link>
            )}
          />
          <DataTable.Col<HistoryEntry> label={t('status')} render={(entry) => <Status entry={entry} t={t} />} />
          <DataTable.Col<HistoryEntry> label={t('category')} render={(entry) => entry.article_type || entry.job_type || t('none')} />
          <DataTable.Col<HistoryEntry> label={t('timestamp')} render={(entry) => formatDate(entry.timestamp ?? entry.startedAt)} />
          <DataTable.Col<HistoryEntry>
            label={t('message')}
            cellSx={() => ({ maxWidth: 420 })}
            render={(entry) => (
              <>
                {entry.meta.viewUrl ? (
                  <Button
                    size="small"
                    variant="outlined"
                    href={entry.meta.viewUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    endIcon={<OpenInNewIcon fontSize="small" />}
                  >
                    {t('viewResults')}
                  </Button>
                ) : (
                  (entry.message ?? t('none'))
                )}
                {omittedNotes(entry.meta.omittedParameters ?? [], t).map((note) => (
                  <Typography key={note} variant="caption" display="block" color="text.secondary" sx={{ mt: 0.5 }}>
                    {note}
                  </Typography>
                ))}
              </>
            )}
          />
        </DataList>
      </ListContextProvider>
    </Box>
  );
}
