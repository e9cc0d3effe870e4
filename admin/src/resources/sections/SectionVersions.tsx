import { Alert, Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { diffWords } from 'diff';
import { useState } from 'react';
import { Identifier, useDataProvider } from 'react-admin';
import { formatDate } from '../../i18n/format';
import { useLookups } from '../../components/useLookups';
import { useRun, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { QuireDataProvider } from '../../dataProvider';
import type { SectionVersion } from './api';

/** The fields a version holds, in the form's order, with the section form's label of each. */
const FIELDS = [
  ['name', 'name'],
  ['model', 'model'],
  ['temperature', 'temperature'],
  ['logit_bias_group', 'biasGroup'],
  ['system_message', 'systemMessage'],
  ['user_message', 'userMessage'],
  ['notes', 'notes'],
] as const;

/** Fields shown whole (a model, a number, a list's name): one value gives way to the other. */
const WHOLE = new Set<string>(['model', 'temperature', 'logit_bias_group']);

/**
 * Words of `before` only are struck through (<del>), words of `after` only underlined (<ins>):
 * the colour is never the only sign. `whole` replaces the value as one piece.
 */
function WordDiff(props: { before: string; after: string; whole: boolean }) {
  const parts = props.whole
    ? [
        { value: props.before, removed: true, added: false },
        { value: ' ', removed: false, added: false },
        { value: props.after, removed: false, added: true },
      ]
    : diffWords(props.before, props.after);
  return (
    <Box component="p" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace', fontSize: '0.875rem' }}>
      {parts.map((part, index) =>
        part.removed ? (
          <Box component="del" key={index} sx={{ bgcolor: '#ffebe9', color: '#82071e', mr: '2px' }}>
            {part.value}
          </Box>
        ) : part.added ? (
          <Box component="ins" key={index} sx={{ bgcolor: '#dafbe1', color: '#116329' }}>
            {part.value}
          </Box>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </Box>
  );
}

/**
 * Beside /sections/edit/{id}'s form: the section's versions, newest first; a word-level diff of
 * the chosen one against the current version; Restore (asked first), after which the form shows
 * the restored values (the section's record is read again).
 */
export function SectionVersions(props: { sectionId: Identifier }) {
  const t = useT('sectionVersions');
  const field = useT('sections');
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { modelName, biasName } = useLookups();
  const { run, busy } = useRun();
  const [chosen, setChosen] = useState<number | null>(null);
  const {
    data: versions,
    isPending,
    isError,
  } = useQuery({
    queryKey: ['sections', 'versions', String(props.sectionId)],
    queryFn: () => dataProvider.getSectionVersions(props.sectionId),
  });

  const current = versions?.[0];
  // Unless another is chosen, the one before the current version.
  const compared = versions?.find((v) => v.version === chosen && v !== current) ?? versions?.[1];
  const shown = (version: SectionVersion, key: (typeof FIELDS)[number][0]): string => {
    if (key === 'model') return modelName(version.model);
    if (key === 'logit_bias_group') return biasName(version.logit_bias_group, field('none'));
    return String(version[key]);
  };
  const restore = (version: number) =>
    run(`restore-${version}`, {
      confirm: t('confirmRestore', { version }),
      call: (provider) => provider.restoreSectionVersion(props.sectionId, version),
      invalidates: ['sections'],
      success: t('restored', { version }),
      failure: withReason(t('restoreFailed', { version })),
      onSuccess: () => setChosen(null),
    });

  return (
    <Card component="section" aria-labelledby="section-versions-title" sx={{ flex: 1, minWidth: 0, maxWidth: { xs: 800, xl: 'none' }, width: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2" id="section-versions-title" sx={{ mb: 1 }}>
          {t('title')}
        </Typography>
        {isPending && <Typography role="status">{t('loading')}</Typography>}
        {isError && <Alert severity="error">{t('loadFailed')}</Alert>}
        {versions && current && (
          <Stack spacing={2}>
            <Table size="small" aria-labelledby="section-versions-title">
              <TableHead>
                <TableRow>
                  <TableCell>{t('version')}</TableCell>
                  <TableCell>{t('saved')}</TableCell>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {versions.map((version) => {
                  const isCurrent = version === current;
                  return (
                    <TableRow key={version.version} selected={version === compared}>
                      <TableCell>{isCurrent ? `${version.version} (${t('current')})` : version.version}</TableCell>
                      <TableCell>{formatDate(version.created_at)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{version.name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {!isCurrent && (
                          <>
                            <Button
                              size="small"
                              aria-pressed={version === compared}
                              aria-label={`${t('compare')} ${t('versionN', { version: version.version })}`}
                              onClick={() => setChosen(version.version)}
                            >
                              {t('compare')}
                            </Button>
                            <Button
                              size="small"
                              disabled={busy !== null}
                              aria-label={`${t('restore')} ${t('versionN', { version: version.version })}`}
                              onClick={() => restore(version.version)}
                            >
                              {t('restore')}
                            </Button>
                          </>
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
            {compared ? (
              <VersionDiff before={compared} after={current} shown={shown} />
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('onlyOne')}
              </Typography>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The fields that differ between two versions, word by word; the others named in one line. */
function VersionDiff(props: { before: SectionVersion; after: SectionVersion; shown: (version: SectionVersion, key: (typeof FIELDS)[number][0]) => string }) {
  const t = useT('sectionVersions');
  const field = useT('sections');
  const changed = FIELDS.filter(([key]) => props.shown(props.before, key) !== props.shown(props.after, key));
  const unchanged = FIELDS.filter((entry) => !changed.includes(entry)).map(([, label]) => field(label));
  return (
    <Box component="section" aria-labelledby="section-versions-diff">
      <Typography variant="subtitle1" component="h3" id="section-versions-diff" sx={{ fontWeight: 600 }}>
        {t('compared', { version: props.before.version, current: props.after.version })}
      </Typography>
      {changed.length === 0 ? (
        <Typography variant="body2">{t('same', { version: props.before.version })}</Typography>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('legend', { version: props.before.version })}
          </Typography>
          <Box component="dl" sx={{ m: 0, '& dt': { fontWeight: 600, mt: 1 }, '& dd': { m: 0 } }}>
            {changed.map(([key, label]) => (
              <Box key={key}>
                <dt>{field(label)}</dt>
                <dd>
                  <WordDiff before={props.shown(props.before, key)} after={props.shown(props.after, key)} whole={WHOLE.has(key)} />
                </dd>
              </Box>
            ))}
          </Box>
        </>
      )}
      {changed.length > 0 && unchanged.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('unchanged', { fields: unchanged.join(', ') })}
        </Typography>
      )}
    </Box>
  );
}
