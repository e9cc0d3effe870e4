import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Admin, CustomRoutes, NotFound, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider, store } from './i18n/i18nProvider';
import { quireMessages } from './i18n/en';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { LoginPage } from './pages/login/LoginPage';
import { queryClient } from './queryClient';

import articles from './resources/articles';
import audit from './resources/audit';
import biaswords from './resources/biaswords';
import clients from './resources/clients';
import evaluations from './resources/evaluations';
import history from './resources/history';
import invitations from './resources/invitations';
import members from './resources/members';
import models from './resources/models';
import previews from './resources/previews';
import sections from './resources/sections';
import tokens from './resources/tokens';
import training from './resources/training';
import { ResourceScreens } from './resources/types';

const Home = lazy(() => import('./pages/home/Home'));

/**
 * A resource folder's screens at spec §2's paths: the list at /{name}, create at /{name}/new and
 * edit at `editPath` (react-admin's own /create and /:id would change the spec's routes), and a
 * record in full at /{name}/{id} where a resource has one (History's entries). A path
 * of the resource that no screen takes (its bare /{name} when it has no list) is react-admin's
 * Not Found, as a mistyped path is, never an empty page.
 */
const resource = (name: string, { list, create: Create, edit: Edit, show: Show, icon }: ResourceScreens, editPath = 'edit/:id') => (
  <Resource name={name} list={list ?? NotFound} icon={icon}>
    {Create && <Route path="new" element={<Create />} />}
    {Edit && <Route path={editPath} element={<Edit />} />}
    {Show && <Route path=":id" element={<Show />} />}
  </Resource>
);

/** Whether the auth provider finds a session (spec §2: unknown, then authenticated or not). */
function useSignedIn() {
  const { data } = useQuery({
    queryKey: ['auth', 'checkAuth', 'app'],
    queryFn: () =>
      authProvider.checkAuth({}).then(
        () => true,
        () => false,
      ),
    staleTime: Infinity,
    retry: false,
  });
  return data;
}

/**
 * "Loading..." while the identity lookup is pending; signed out, every path but /login is
 * replaced by /login; signed in, the dashboard at its real paths.
 */
export function App() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (location.pathname !== '/login') {
    if (signedIn === undefined) return <div role="status">{i18nProvider.translate('quire.app.loading')}</div>;
    if (!signedIn) return <Navigate to="/login" replace />;
  }
  return (
    <Admin
      title={quireMessages.app.title}
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      layout={Layout}
      theme={theme}
      loginPage={LoginPage}
      disableTelemetry
    >
      <CustomRoutes>
        <Route index element={<Home />} />
        <Route path="/articles/:id/try" element={<previews.tryArticle />} />
      </CustomRoutes>
      {resource('articles', articles)}
      {resource('sections', sections)}
      {resource('biaswords', biaswords, ':id/edit')}
      {resource('clients', clients)}
      {resource('history', history)}
      {resource('models', models)}
      {resource('evaluations', evaluations)}
      {resource('members', members)}
      {resource('invitations', invitations)}
      {resource('audit', audit)}
      {resource('tokens', tokens)}
      {/* Resources the screens read, with no screen of their own. */}
      {resource('logit-bias-groups', {})}
      {resource('fine-tune-jobs', {})}
      {resource('training-jobs', {})}
      {resource('budgets', {})}
      {/* Four screens, and no index: /training is Not Found too. */}
      <Resource name="training" list={NotFound} icon={training.icon}>
        <Route path="submit" element={<training.submit />} />
        <Route path="view/:id" element={<training.view />} />
        <Route path="clusters/:id" element={<training.clusters />} />
        <Route path="wizard/subclusters" element={<training.wizard />} />
      </Resource>
    </Admin>
  );
}
