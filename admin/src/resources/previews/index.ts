import { lazy } from 'react';

/** Previews: the "Try it" page at /articles/{id}/try, and the buttons that open previews. */
export default {
  tryArticle: lazy(() => import('./TryArticle')),
};
export { TryItButton } from './TryItButton';
export { TrySectionButton } from './TrySectionButton';
