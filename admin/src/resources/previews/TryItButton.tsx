import ScienceIcon from '@mui/icons-material/Science';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useCanWrite } from '../../components/CanWrite';
import { useT } from '../../components/useT';

/** "Try it": opens the article's preview panel (/articles/{id}/try), for those who may run previews. */
export function TryItButton({ articleId }: { articleId: string | undefined }) {
  const t = useT('previews');
  const canRun = useCanWrite('previews');
  if (!articleId || !canRun) return null;
  return (
    <Button variant="outlined" startIcon={<ScienceIcon />} component={Link} to={`/articles/${articleId}/try`}>
      {t('tryIt')}
    </Button>
  );
}
