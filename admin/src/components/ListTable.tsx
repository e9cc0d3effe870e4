import { Box, Paper, Stack, SxProps, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { ReactNode } from 'react';
import { DataTable, ListBase, ListBaseProps, RaRecord, useGetList, useList, useListContext } from 'react-admin';
import { Loading } from './Loading';

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

/** The names a list's section and table go by: its heading, or (without one) its title. */
function naming(title: string, heading?: boolean) {
  const headingId = `${title.replace(/\s+/g, '-').toLowerCase()}-heading`;
  return { headingId, props: heading ? { 'aria-labelledby': headingId } : { 'aria-label': title } };
}

/**
 * A list's section: with `heading` a titled section of a page, its actions next to the title;
 * without, the title only names the section (the page title is in the app bar).
 */
function ListSection(props: { title: string; heading?: boolean; actions?: ReactNode; children: ReactNode }) {
  const { headingId, props: named } = naming(props.title, props.heading);
  return (
    <Box component="section" {...named} sx={{ mb: props.heading ? 4 : 0 }}>
      {props.heading && (
        <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" id={headingId}>
            {props.title}
          </Typography>
          {props.actions}
        </Stack>
      )}
      {props.children}
    </Box>
  );
}

function Empty(props: { text: string }) {
  return <Typography color="text.secondary">{props.text}</Typography>;
}

/**
 * A table with its loading and empty states, its rows built by hand: the Current Sections list's,
 * whose selection cells are each named after their section (every other list is a DataList).
 * With `heading` it is a titled section of a page;
 * without, the title only names the table (the page title is in the app bar). A list that could
 * not be loaded shows nothing (spec §8: the caller logs the failure, no user message is shown).
 */
export function ListTable<T extends { id: string }>(props: ListTableProps<T>) {
  const named = naming(props.title, props.heading).props;
  return (
    <ListSection title={props.title} heading={props.heading} actions={props.actions}>
      {props.isPending ? (
        <Loading />
      ) : props.error ? null : !props.rows?.length ? (
        <Empty text={props.empty} />
      ) : (
        <TableContainer component={Paper} variant="outlined">
          {props.toolbar}
          <Table size="small" {...named}>
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
    </ListSection>
  );
}

export interface DataListProps<T> {
  title: string;
  heading?: boolean;
  /** Shown instead of the table when the list has no records. */
  empty: string;
  /** Buttons shown next to the heading. */
  actions?: ReactNode;
  /** Styles for a record's row (e.g. its cells' alignment). */
  rowSx?: (record: T) => SxProps;
  /** The columns: `<DataTable.Col label=… render=… />`, in order. */
  children: ReactNode;
}

/** Outlined like a Paper, with bold column headings. */
const dataListSx = {
  '& .RaDataTable-tableWrapper': { border: 1, borderColor: 'divider', borderRadius: 1, overflowX: 'auto' },
  '& .RaDataTable-headerCell': { fontWeight: 600 },
};

/**
 * The enclosing list's records (`<List>`, `<WholeList>`, `useList`) as react-admin's DataTable,
 * with the list's loading and empty states. Rows are not selectable and lead nowhere; columns are
 * in the order given and not sortable unless a column asks to be. A list that could not be loaded
 * shows nothing (spec §8: the caller logs the failure, no user message is shown).
 */
export function DataList<T extends RaRecord>(props: DataListProps<T>) {
  const { isPending, error } = useListContext<T>();
  return (
    <ListSection title={props.title} heading={props.heading} actions={props.actions}>
      {isPending ? (
        <Loading />
      ) : error ? null : (
        <DataTable<T>
          {...naming(props.title, props.heading).props}
          bulkActionButtons={false}
          rowClick={false}
          hover={false}
          empty={<Empty text={props.empty} />}
          rowSx={props.rowSx}
          sx={dataListSx}
        >
          {props.children}
        </DataTable>
      )}
    </ListSection>
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

/** The whole list of `resource` (whose API sorts it by nothing but id), newest first by `created_at`: a list context's value. */
export function useNewestFirst<T extends RaRecord & { created_at: string }>(resource: string) {
  const { data, isPending, error } = useGetList<T>(resource, { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' } });
  const rows = data && [...data].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return useList<T>({ data: rows, isPending, error, resource });
}

/** A row's buttons as a group named after the row (`label`, e.g. "Actions: FAQ"). */
export function RowActions(props: { label: string; children: ReactNode }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={props.label}
      sx={{ flexWrap: 'wrap', '& .MuiButton-root': { whiteSpace: 'nowrap', flexShrink: 0 } }}
    >
      {props.children}
    </Stack>
  );
}

/** A row's buttons, in their own cell (see RowActions). */
export function ActionsCell(props: { label: string; children: ReactNode }) {
  return (
    <TableCell>
      <RowActions label={props.label}>{props.children}</RowActions>
    </TableCell>
  );
}
