import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { reviewsQuery } from '../api/reviews';
import { reviewFigures } from './counterpart-dashboard';

/** The counterpart dashboard card's text: reviews pending and overdue (undefined without the role). */
export function useReviewFiguresText(enabled: boolean): string | undefined {
  const { t } = useTranslation('reviews');
  const query = useQuery({ ...reviewsQuery(), enabled });
  if (!enabled) return undefined;
  if (!query.data) return t('dashboard.cardLoading');
  const { pending, overdue } = reviewFigures(query.data);
  return t('dashboard.card', { pending, overdue });
}
