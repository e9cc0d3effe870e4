import { Alert, Box, CircularProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography, Paper } from '@mui/material';
import { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A titled table with its loading, error and empty states. */
export function ListTable<T extends { id: string }>(props: {
  title: string;
  columns: string[];
  rows: T[] | undefined;
  isPending: boolean;
  error: unknown;
  empty: string;
  renderRow: (row: T) => ReactNode;
}) {
  const translate = useTranslate();
  const headingId = `${props.title.replace(/\s+/g, '-').toLowerCase()}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id={headingId} sx={{ mb: 1 }}>
        {props.title}
      </Typography>
      {props.isPending ? (
        <CircularProgress size={24} aria-label={translate('quire.app.loading')} />
      ) : props.error ? (
        <Alert severity="warning">{translate('quire.models.loadFailed')}</Alert>
      ) : !props.rows?.length ? (
        <Typography color="text.secondary">{props.empty}</Typography>
      ) : (
        <TableContainer component={Paper} variant="outlined">
          <Table size="small" aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
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
