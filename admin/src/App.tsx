import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useLocation } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { quireMessages } from './i18n/en';
import { Layout } from './layout/Layout';
import { theme } from './layout/theme';
import { LoginPage } from './pages/login/LoginPage';
import { queryClient } from './queryClient';

const Home = lazy(() => import('./pages/home/Home'));
const ModelsPage = lazy(() => import('./resources/models/ModelsPage'));
const ModelCreate = lazy(() => import('./resources/models/ModelCreate'));
const SectionList = lazy(() => import('./resources/sections/SectionList'));
const SectionCreate = lazy(() => import('./resources/sections/SectionCreate'));
const SectionEdit = lazy(() => import('./resources/sections/SectionEdit'));
const ArticleView = lazy(() => import('./resources/articles/ArticleView'));
const ArticleCreate = lazy(() => import('./resources/articles/ArticleCreate'));
const ArticleEdit = lazy(() => import('./resources/articles/ArticleEdit'));
const BiasList = lazy(() => import('./resources/biaswords/BiasList'));
const BiasCreate = lazy(() => import('./resources/biaswords/BiasCreate'));
const BiasEdit = lazy(() => import('./resources/biaswords/BiasEdit'));
const ClientsPage = lazy(() => import('./resources/clients/ClientsPage'));
const HistoryList = lazy(() => import('./resources/history/HistoryList'));
const TrainingSubmit = lazy(() => import('./resources/training/TrainingSubmit'));
const TrainingJobView = lazy(() => import('./resources/training/TrainingJobView'));
const ClusterSelection = lazy(() => import('./resources/training/ClusterSelection'));
const SectionWizard = lazy(() => import('./resources/training/SectionWizard'));

/** Whether the auth provider finds a session (spec §2: unknown, then authenticated or not). */
function useSignedIn() {
  const { data } = useQuery({
    queryKey: ['auth', 'checkAuth', 'app'],
    queryFn: () => authProvider.checkAuth({}).then(
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
    if (signedIn === undefined) return <div role="status">{quireMessages.app.loading}</div>;
    if (!signedIn) return <Navigate to="/login" replace />;
  }
  return (
    <Admin
      title={quireMessages.app.title}
      dataProvider={dataProvider}
      queryClient={queryClient}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      loginPage={LoginPage}
      disableTelemetry
    >
      <CustomRoutes>
        <Route index element={<Home />} />
      </CustomRoutes>
      <Resource name="articles" list={ArticleView}>
        <Route path="new" element={<ArticleCreate />} />
        <Route path="edit/:id" element={<ArticleEdit />} />
      </Resource>
      <Resource name="sections" list={SectionList}>
        <Route path="new" element={<SectionCreate />} />
        <Route path="edit/:id" element={<SectionEdit />} />
      </Resource>
      <Resource name="biaswords" list={BiasList}>
        <Route path="new" element={<BiasCreate />} />
        <Route path=":id/edit" element={<BiasEdit />} />
      </Resource>
      <Resource name="clients" list={ClientsPage} />
      <Resource name="history" list={HistoryList} />
      <Resource name="logit-bias-groups" />
      <Resource name="models" list={ModelsPage}>
        <Route path="new" element={<ModelCreate />} />
      </Resource>
      <Resource name="fine-tune-jobs" />
      <Resource name="training-jobs" />
      <Resource name="training">
        <Route path="submit" element={<TrainingSubmit />} />
        <Route path="view/:id" element={<TrainingJobView />} />
        <Route path="clusters/:id" element={<ClusterSelection />} />
        <Route path="wizard/subclusters" element={<SectionWizard />} />
      </Resource>
    </Admin>
  );
}
