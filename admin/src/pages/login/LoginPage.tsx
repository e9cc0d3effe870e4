import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { QuireDataProvider } from '../../dataProvider';
import { usePublicConfig } from '../../publicConfig';
import { useQuireTranslate } from '../../components/useT';

/** One "Sign in with {provider}" button per provider; each navigates the browser to /api/auth/{id}. */
export function LoginPage() {
  const translate = useQuireTranslate();
  const [params] = useSearchParams();
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { data: providers, isError: failed } = useQuery({
    queryKey: ['auth', 'getAuthProviders'],
    queryFn: () => dataProvider.getAuthProviders(),
    retry: false,
  });
  const error = params.get('error');
  const config = usePublicConfig();

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100' }}>
      <Card sx={{ width: 380 }}>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {translate('quire.login.title')}
            </Typography>
            {config?.demo && <Alert severity="warning">{translate('quire.app.demo')}</Alert>}
            {error && <Alert severity="error">{error}</Alert>}
            {failed && <Alert severity="error">{translate('quire.login.providersFailed')}</Alert>}
            {!providers && !failed && <CircularProgress size={24} aria-label={translate('quire.app.loading')} />}
            {providers?.map((provider) => (
              <Button key={provider.id} variant="contained" size="large" href={`/api/auth/${provider.id}`}>
                {translate('quire.login.signInWith', { provider: provider.name })}
              </Button>
            ))}
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
