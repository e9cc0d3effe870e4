import { Box, CircularProgress, Paper, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ReactNode } from 'react';
import { ListBase, ListBaseProps, RaRecord, useListContext, useTranslate } from 'react-admin';

export interface ListTableProps<T> {
  title: string;
  heading?: boolean;
  columns: string[];
  rows: T[] | undefined;
  isPending: boolean;
  /** The load failed: no rows and no empty state. */
  error?: unknown;
  empty: string;
  renderRow: (row: T) => ReactNode;
  /** Buttons shown next to the heading. */
  actions?: ReactNode;
  /** A header cell before the columns' (e.g. SelectAllCell, above each row's SelectRowCell). */
  headerStart?: ReactNode;
  /** Shown above the rows when there are some (e.g. the actions on the selected rows). */
  toolbar?: ReactNode;
}

/**
 * A table with its loading and empty states. With `heading` it is a titled section of a page;
 * without, the title only names the table (the page title is in the app bar). A list that could
 * not be loaded shows nothing (spec §8: the caller logs the failure, no user message is shown).
 */
export function ListTable<T extends { id: string }>(props: ListTableProps<T>) {
  const translate = useTranslate();
  const headingId = `${props.title.replace(/\s+/g, '-').toLowerCase()}-heading`;
  const naming = props.heading ? { 'aria-labelledby': headingId } : { 'aria-label': props.title };
  return (
    <Box component="section" {...naming} sx={{ mb: props.heading ? 4 : 0 }}>
      {props.heading && (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {props.title}
          </Typography>
          {props.actions}
        </Stack>
      )}
      {props.isPending ? (
        <CircularProgress size={24} aria-label={translate('quire.app.loading')} />
      ) : props.error ? null : !props.rows?.length ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          {props.toolbar}
          <Table size="small" {...naming}>
            <TableHead>
              <TableRow>
                {props.headerStart}
                {props.columns.map((column) => (
                  <TableCell key={column} sx={{ fontWeight: 600 }}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>{props.rows.map((row) => props.renderRow(row))}</TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** ListTable fed by the enclosing list (`<WholeList>`, `<ListBase>`): its records, loading and failure. */
export function ListContextTable<T extends { id: string }>(props: Omit<ListTableProps<T>, 'rows' | 'isPending' | 'error'>) {
  const { data, isPending, error } = useListContext<T & RaRecord>();
  return <ListTable<T> {...props} rows={data} isPending={isPending} error={error} />;
}

/**
 * Every record of a resource as one list (the API answers up to 1,000 a page), in the given order.
 * The list keeps its parameters to itself: not in the URL (a screen's own query, like /articles?id=,
 * stays as it is) nor in the store.
 */
export function WholeList(props: Pick<ListBaseProps, 'resource' | 'sort' | 'queryOptions' | 'children'>) {
  return <ListBase perPage={1000} disableSyncWithLocation storeKey={false} {...props} />;
}

/** A row's buttons, in their own cell, as a group named after the row (`label`, e.g. "Actions: FAQ"). */
export function ActionsCell(props: { label: string; children: ReactNode }) {
  return (
    <TableCell>
      <Stack direction="row" spacing={1} role="group" aria-label={props.label} sx={{ '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}>
        {props.children}
      </Stack>
    </TableCell>
  );
}
