import { Button, Stack } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import { Link } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';

/** "Invite someone", above Members and Invitations: for those who may invite (owners). */
export function InviteButton({ label }: { label: string }) {
  const canInvite = useCanWrite('invitations');
  if (!canInvite) return null;
  return (
    <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
      <Button component={Link} to="/invitations/new" variant="contained" startIcon={<PersonAddIcon />}>
        {label}
      </Button>
    </Stack>
  );
}
