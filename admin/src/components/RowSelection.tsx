import { Checkbox, TableCell } from '@mui/material';
import { Identifier, RaRecord, useListContext } from 'react-admin';

/** The first cell of a selectable row: a checkbox bound to the list's selection (react-admin's `selectedIds`). */
export function SelectRowCell(props: { id: Identifier; label: string }) {
  const { selectedIds, onToggleItem } = useListContext();
  return (
    <TableCell padding="checkbox">
      <Checkbox checked={selectedIds.includes(props.id)} onChange={() => onToggleItem(props.id)} inputProps={{ 'aria-label': props.label }} />
    </TableCell>
  );
}

/** The header cell above SelectRowCell: selects every row of the list, or none. */
export function SelectAllCell(props: { label: string }) {
  const { data = [], selectedIds, onSelect } = useListContext<RaRecord>();
  const all = data.length > 0 && data.every((record) => selectedIds.includes(record.id));
  const some = selectedIds.length > 0 && !all;
  return (
    <TableCell padding="checkbox">
      <Checkbox
        checked={all}
        indeterminate={some}
        onChange={() => onSelect(all ? [] : data.map((record) => record.id))}
        inputProps={{ 'aria-label': props.label }}
      />
    </TableCell>
  );
}
