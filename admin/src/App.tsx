import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { quireMessages } from './i18n/en';
import { lookupIdentity, useIdentity } from './identity';
import { Layout } from './layout/Layout';
import { LoginPage } from './pages/login/LoginPage';
import { queryClient } from './queryClient';

const Home = lazy(() => import('./pages/home/Home'));
const ModelsPage = lazy(() => import('./resources/models/ModelsPage'));
const ModelCreate = lazy(() => import('./resources/models/ModelCreate'));

void lookupIdentity();

/**
 * "Loading..." while the identity lookup is pending; signed out, every path but /login is
 * replaced by /login; signed in, the dashboard at its real paths.
 */
export function App() {
  const identity = useIdentity();
  const location = useLocation();
  if (identity.status === 'loading') return <div role="status">{quireMessages.app.loading}</div>;
  if (identity.status === 'anonymous' && location.pathname !== '/login') return <Navigate to="/login" replace />;
  return (
    <Admin
      title={quireMessages.app.title}
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      loginPage={LoginPage}
      disableTelemetry
    >
      <CustomRoutes>
        <Route index element={<Home />} />
      </CustomRoutes>
      <Resource name="models" list={ModelsPage}>
        <Route path="new" element={<ModelCreate />} />
      </Resource>
      <Resource name="fine-tune-jobs" />
      <Resource name="training-jobs" />
    </Admin>
  );
}
