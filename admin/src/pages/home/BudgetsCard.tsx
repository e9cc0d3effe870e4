import { Alert, Box, Button, Dialog, DialogContent, DialogTitle, LinearProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { AutocompleteInput, DataTable, Form, minValue, NumberInput, ReferenceInput, required, useGetList, useNotify } from 'react-admin';
import { useCanWrite } from '../../components/CanWrite';
import { FormDialogActions } from '../../components/DialogSaveActions';
import { CreateBase, EditBase, SubmitButton } from '../../components/forms';
import { DataList, RowActions, WholeList } from '../../components/ListTable';
import { deleting, useRun, useSaveFailure, withReason } from '../../components/useRun';
import { useT } from '../../components/useT';
import { formatCount, formatMoney as money } from '../../i18n/format';
import type { Budget } from './api';
import { HomeCard } from './HomeCard';

/** The share of a limit spent and held this month, 0–100. */
export const usedPercent = (budget: Budget) => Math.min(100, ((budget.spent_usd + budget.held_usd) / budget.monthly_limit_usd) * 100);

/** Whose limit a row is, as the dashboard names it. */
function useName() {
  const t = useT('home');
  return (budget: Budget) =>
    budget.client_name ?? (budget.article_name !== null ? t('budgetTemplateName', { name: budget.article_name }) : t('budgetWorkspace'));
}

/** The form's choice of whose limit: a client or a template, never both (the workspace's when neither). */
type BudgetChoice = { client_id?: string | null; article_id?: string | null; monthly_limit_usd: number };

function Spend(props: { budget: Budget }) {
  const t = useT('home');
  const { budget } = props;
  const percent = usedPercent(budget);
  return (
    <Box sx={{ minWidth: 200 }}>
      <Typography variant="body2">{t('budgetSpentOf', { spent: money(budget.spent_usd), limit: money(budget.monthly_limit_usd) })}</Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
        sx={{ my: 0.5, height: 6, borderRadius: 3 }}
        aria-label={t('budgetBar', { percent: Math.round(percent) })}
      />
      {budget.held_usd > 0 && (
        <Typography variant="caption" color="text.secondary">
          {t('budgetHeld', { held: money(budget.held_usd) })}
        </Typography>
      )}
    </Box>
  );
}

/** The owners' form: whose limit (the workspace, a client or a template) and how many dollars a month. */
function SetBudget() {
  const t = useT('home');
  const notify = useNotify();
  const failed = useSaveFailure(t('budgetSetFailed'));
  const [form, setForm] = useState(0);
  return (
    <Box sx={{ mt: 3 }} role="form" aria-labelledby="budget-set">
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }} id="budget-set">
        {t('budgetSetTitle')}
      </Typography>
      <CreateBase
        resource="budgets"
        redirect={false}
        transform={(data: BudgetChoice) => ({ ...data, client_id: data.client_id || null, article_id: data.article_id || null })}
        mutationOptions={{
          onSuccess: () => {
            notify('quire.home.budgetSaved', { type: 'success' });
            setForm((n) => n + 1);
          },
          onError: failed,
        }}
      >
        <Form
          key={form}
          defaultValues={{ client_id: null, article_id: null, monthly_limit_usd: null }}
          validate={(values) => (values.client_id && values.article_id ? { article_id: t('budgetOneOf') } : {})}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ maxWidth: 1040, alignItems: { md: 'flex-start' } }}>
            <ReferenceInput source="client_id" reference="clients" sort={{ field: 'name', order: 'ASC' }} perPage={1000}>
              <AutocompleteInput
                label={t('budgetFor')}
                optionText="name"
                emptyText={t('budgetWorkspace')}
                helperText={t('budgetForHelp')}
                sx={{ minWidth: 260 }}
              />
            </ReferenceInput>
            <ReferenceInput source="article_id" reference="articles" sort={{ field: 'article_title', order: 'ASC' }} perPage={1000}>
              <AutocompleteInput
                label={t('budgetTemplate')}
                optionText="article_title"
                emptyText="—"
                helperText={t('budgetTemplateHelp')}
                sx={{ minWidth: 260 }}
              />
            </ReferenceInput>
            <NumberInput
              source="monthly_limit_usd"
              label={t('budgetLimit')}
              validate={[required(), minValue(0.000001)]}
              min={0}
              step="any"
              helperText={t('budgetLimitHelp')}
            />
            <Box sx={{ pt: 1, whiteSpace: 'nowrap' }}>
              <SubmitButton label={t('budgetSet')} savingLabel={t('saving')} />
            </Box>
          </Stack>
        </Form>
      </CreateBase>
    </Box>
  );
}

/** A limit changed in its dialog. */
function EditBudget(props: { budget: Budget; onClose: () => void }) {
  const t = useT('home');
  const notify = useNotify();
  const failed = useSaveFailure(t('budgetSetFailed'));
  const name = useName();
  const { budget, onClose } = props;
  return (
    <Dialog open onClose={onClose} aria-labelledby="edit-budget-title" fullWidth maxWidth="xs">
      <EditBase
        resource="budgets"
        id={budget.id}
        redirect={false}
        mutationMode="pessimistic"
        transform={(data: Budget) => ({ monthly_limit_usd: data.monthly_limit_usd })}
        mutationOptions={{
          onSuccess: () => {
            notify('quire.home.budgetSaved', { type: 'success' });
            onClose();
          },
          onError: failed,
        }}
      >
        <Form>
          <DialogTitle id="edit-budget-title">{t('budgetEditTitle', { name: name(budget) })}</DialogTitle>
          <DialogContent>
            <NumberInput source="monthly_limit_usd" label={t('budgetLimit')} validate={[required(), minValue(0.000001)]} min={0} step="any" autoFocus />
          </DialogContent>
          <FormDialogActions onCancel={onClose} cancelLabel={t('providerCancel')} submitLabel={t('save')} savingLabel={t('saving')} />
        </Form>
      </EditBase>
    </Dialog>
  );
}

/**
 * At 80 % and 100 % of a limit, a banner on Home for everyone in the workspace (spent and held by
 * articles being written, against the month's limit).
 */
export function BudgetBanner() {
  const t = useT('home');
  const name = useName();
  const { data } = useGetList<Budget>('budgets', { pagination: { page: 1, perPage: 1000 } });
  const near = (data ?? []).filter((budget) => usedPercent(budget) >= 80);
  if (near.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {near.map((budget) => {
        const full = usedPercent(budget) >= 100;
        return (
          <Alert key={budget.id} severity={full ? 'error' : 'warning'}>
            {t(full ? 'budgetFull' : 'budgetNear', {
              name: name(budget),
              percent: Math.round(usedPercent(budget)),
              limit: money(budget.monthly_limit_usd),
              waiting: formatCount(budget.waiting),
            })}
          </Alert>
        );
      })}
    </Stack>
  );
}

/**
 * Home's monthly budgets, beside the spec's cards: the workspace's limit and its clients', each with
 * the month's spend, what articles being written hold, the month's end at its pace, and the articles
 * waiting for room. Owners set, change and remove them; every member reads them.
 */
export function BudgetsCard() {
  const t = useT('home');
  const canWrite = useCanWrite('budgets');
  const name = useName();
  const { run, busy } = useRun();
  const [editing, setEditing] = useState<Budget | null>(null);
  const remove = (budget: Budget) =>
    run(budget.id, {
      ...deleting('budgets', budget),
      confirm: t('budgetRemoveConfirm', { name: name(budget) }),
      success: t('budgetRemoved'),
      failure: withReason(t('budgetRemoveFailed')),
    });
  return (
    <HomeCard id="budgets" title={t('budgetsCard')}>
      <Typography variant="body2" sx={{ mb: 2, maxWidth: 720 }}>
        {t('budgetsExplain')}
      </Typography>
      <WholeList resource="budgets">
        <DataList<Budget> title={t('budgetsTable')} heading={false} empty={t('budgetsEmpty')} rowSx={() => ({ verticalAlign: 'top' })}>
          <DataTable.Col<Budget> label={t('budgetFor')} render={(budget) => name(budget)} />
          <DataTable.Col<Budget> label={t('budgetThisMonth')} render={(budget) => <Spend budget={budget} />} />
          <DataTable.Col<Budget> label={t('budgetProjected')} render={(budget) => money(budget.projected_usd)} />
          <DataTable.Col<Budget> label={t('budgetWaiting')} render={(budget) => formatCount(budget.waiting)} />
          {canWrite && (
            <DataTable.Col<Budget>
              label={t('providerActions')}
              render={(budget) => (
                <RowActions label={`${t('providerActions')}: ${name(budget)}`}>
                  <Button size="small" disabled={!!busy} onClick={() => setEditing(budget)}>
                    {t('budgetChange')}
                  </Button>
                  <Button size="small" color="error" disabled={!!busy} onClick={() => remove(budget)}>
                    {t('budgetRemove')}
                  </Button>
                </RowActions>
              )}
            />
          )}
        </DataList>
      </WholeList>
      {canWrite ? (
        <SetBudget />
      ) : (
        <Alert severity="info" sx={{ mt: 2, maxWidth: 560 }}>
          {t('budgetsOwnersOnly')}
        </Alert>
      )}
      {editing && <EditBudget budget={editing} onClose={() => setEditing(null)} />}
    </HomeCard>
  );
}
