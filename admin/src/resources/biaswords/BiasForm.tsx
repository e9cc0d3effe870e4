import { Button, Card, CardContent, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { FormEvent, useRef, useState } from 'react';
import { useT } from '../../components/useT';
import { TokenPreview } from './TokenPreview';
import { BiasEntry, BiasList, GroupDraft, NEW_GROUP_BIAS, splitWords, toEntries } from './types';

/** A list name and its repeatable groups of comma-separated words with a bias each. */
export function BiasForm(props: { list?: BiasList; submitLabel: string; saving: boolean; onSubmit: (payload: { name: string; entries: BiasEntry[] }) => void; onCancel: () => void }) {
  const t = useT('biaswords');
  const nextKey = useRef(0);
  const group = (words = '', bias = String(NEW_GROUP_BIAS)): GroupDraft => ({ key: nextKey.current++, words, bias });
  const [name, setName] = useState(props.list?.name ?? '');
  const [groups, setGroups] = useState<GroupDraft[]>(() => (props.list ? props.list.entries.map((e) => group(e.words.join(', '), String(e.bias))) : [group()]));
  const [touched, setTouched] = useState(false);

  const biasValid = (bias: string) => bias.trim() !== '' && Number.isFinite(Number(bias)) && Number(bias) >= -100 && Number(bias) <= 100;
  const update = (key: number, field: 'words' | 'bias', value: string) => setGroups((gs) => gs.map((g) => (g.key === key ? { ...g, [field]: value } : g)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const valid = name.trim() !== '' && groups.every((g) => splitWords(g.words).length > 0 && biasValid(g.bias));
    if (props.saving || !valid) return;
    props.onSubmit({ name: name.trim(), entries: toEntries(groups) });
  };

  return (
    <Card sx={{ maxWidth: 800 }}>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label={props.submitLabel}>
          <Stack spacing={2}>
            <TextField label={t('listName')} value={name} onChange={(e) => setName(e.target.value)} required error={touched && !name.trim()} helperText={touched && !name.trim() ? t('required') : undefined} inputProps={{ maxLength: 200 }} />
            {groups.map((g, index) => {
              const label = t('group', { n: index + 1 });
              const noWords = touched && splitWords(g.words).length === 0;
              const badBias = touched && !biasValid(g.bias);
              return (
                <Paper key={g.key} variant="outlined" sx={{ p: 2 }} role="group" aria-label={label}>
                  <Typography variant="subtitle2" sx={{ mb: 1 }}>
                    {label}
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems="flex-start">
                    <TextField label={t('groupWords')} value={g.words} onChange={(e) => update(g.key, 'words', e.target.value)} multiline minRows={2} required sx={{ flex: 3 }} error={noWords} helperText={noWords ? t('required') : undefined} />
                    <TextField label={t('bias')} type="number" value={g.bias} onChange={(e) => update(g.key, 'bias', e.target.value)} inputProps={{ min: -100, max: 100, step: 1 }} sx={{ flex: 1 }} error={badBias} helperText={badBias ? t('biasRange') : undefined} />
                  </Stack>
                  {groups.length > 1 && (
                    <Button color="error" size="small" sx={{ mt: 1 }} onClick={() => setGroups((gs) => gs.filter((x) => x.key !== g.key))}>
                      {t('removeGroup')}
                    </Button>
                  )}
                </Paper>
              );
            })}
            <div>
              <Button startIcon={<AddIcon />} onClick={() => setGroups((gs) => [...gs, group()])}>
                {t('addGroup')}
              </Button>
            </div>
            <Stack direction="row" spacing={1}>
              <Button type="submit" variant="contained" disabled={props.saving}>
                {props.saving ? t('saving') : props.submitLabel}
              </Button>
              <Button onClick={props.onCancel} disabled={props.saving}>
                {t('cancel')}
              </Button>
            </Stack>
          </Stack>
        </form>
        <TokenPreview groups={groups} />
      </CardContent>
    </Card>
  );
}
