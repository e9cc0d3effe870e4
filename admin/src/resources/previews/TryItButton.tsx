import ScienceIcon from '@mui/icons-material/Science';
import { Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useT } from '../../components/useT';

/** "Try it": opens the article's preview panel (/articles/{id}/try). */
export function TryItButton({ articleId }: { articleId: string | undefined }) {
  const t = useT('previews');
  if (!articleId) return null;
  return (
    <Button variant="outlined" startIcon={<ScienceIcon />} component={Link} to={`/articles/${articleId}/try`}>
      {t('tryIt')}
    </Button>
  );
}
