import SchoolIcon from '@mui/icons-material/School';
import { lazy } from 'react';

/** Training-data collection has no list of its own (its jobs show on Manage Models): four screens. */
export default {
  submit: lazy(() => import('./TrainingSubmit')),
  view: lazy(() => import('./TrainingJobView')),
  clusters: lazy(() => import('./ClusterSelection')),
  wizard: lazy(() => import('./SectionWizard')),
  icon: SchoolIcon,
};
