import { Box, Button, Chip, LinearProgress, TableCell, TableRow, Typography } from '@mui/material';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useEffect, useState } from 'react';
import { Title, useGetList } from 'react-admin';
import { ListTable } from '../../components/ListTable';
import { formatDate } from '../../components/formatDate';
import { useT } from '../../components/useT';

interface HistoryEntry {
  id: string;
  _type: string;
  title: string;
  status: string;
  article_type: string | null;
  job_type: string | null;
  timestamp: string | null;
  startedAt: string | null;
  message: string | null;
  meta: { viewUrl?: string | null; sectionsDone?: number; sectionsTotal?: number; omittedParameters?: OmittedParameters[] };
}

/** A section sent without parameters its (reasoning) model refuses. */
interface OmittedParameters {
  position: number;
  section: string;
  model: string;
  parameters: string[];
}

/** One line per model and set of parameters left out, naming the sections. */
function omittedNotes(notes: OmittedParameters[], t: ReturnType<typeof useT>): string[] {
  const groups = new Map<string, { model: string; parameters: string[]; sections: string[] }>();
  for (const note of notes) {
    const key = `${note.model}|${note.parameters.join()}`;
    const group = groups.get(key) ?? { model: note.model, parameters: note.parameters, sections: [] };
    group.sections.push(note.section);
    groups.set(key, group);
  }
  return [...groups.values()].map((g) =>
    t('omitted', { model: g.model, parameters: g.parameters.map((p) => t(`parameter_${p}`)).join(t('and')), sections: g.sections.join(', ') }),
  );
}

const open = (entry: HistoryEntry) => entry.status === 'queued' || entry.status === 'running';
const STATUS_COLOR: Record<string, 'success' | 'error' | 'info' | 'default'> = { completed: 'success', failed: 'error', running: 'info' };

/** /history: generation and training entries together, newest first; refreshed while any is open. */
export default function HistoryList() {
  const t = useT('history');
  const [following, setFollowing] = useState(false);
  const { data, isPending, error } = useGetList<HistoryEntry>(
    'history',
    { pagination: { page: 1, perPage: 200 }, sort: { field: 'timestamp', order: 'DESC' } },
    { refetchInterval: following ? 3000 : false },
  );
  useEffect(() => setFollowing((data ?? []).some(open)), [data]);
  // Spec §8: a failure to load History is only logged.
  useEffect(() => void (error && console.error('Failed to load history', error)), [error]);

  return (
    <Box sx={{ p: 2 }}>
      <Title title={t('title')} />
      <ListTable
        title={t('title')}
        columns={['type', 'entryTitle', 'status', 'category', 'timestamp', 'message'].map((c) => t(c))}
        rows={data}
        isPending={isPending}
        error={error}
        empty={t('empty')}
        renderRow={(entry) => {
          const total = entry.meta.sectionsTotal ?? 0;
          const done = entry.meta.sectionsDone ?? 0;
          return (
            <TableRow key={entry.id}>
              <TableCell>{entry._type}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>{entry.title}</TableCell>
              <TableCell>
                <Chip size="small" label={entry.status} color={STATUS_COLOR[entry.status] ?? 'default'} />
                {entry.status === 'running' && total > 0 && (
                  <Box sx={{ mt: 0.5, minWidth: 120 }}>
                    <LinearProgress variant="determinate" value={(100 * done) / total} aria-label={t('progress', { done, total })} />
                    <Typography variant="caption">{t('progress', { done, total })}</Typography>
                  </Box>
                )}
              </TableCell>
              <TableCell>{entry.article_type || entry.job_type || t('none')}</TableCell>
              <TableCell>{formatDate(entry.timestamp ?? entry.startedAt)}</TableCell>
              <TableCell sx={{ maxWidth: 420 }}>
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
              </TableCell>
            </TableRow>
          );
        }}
      />
    </Box>
  );
}
