import { SxProps, Table, TableBody, TableCell, TableRow } from '@mui/material';

/** Label and value rows: a record's summary. */
export function DetailsTable(props: { rows: [string, string][]; label?: string; preWrap?: boolean; sx?: SxProps }) {
  return (
    <Table size="small" aria-label={props.label} sx={props.sx}>
      <TableBody>
        {props.rows.map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: 160, verticalAlign: 'top' }}>
              {label}
            </TableCell>
            <TableCell sx={props.preWrap ? { whiteSpace: 'pre-wrap' } : undefined}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
