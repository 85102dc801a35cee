import { Badge, Button, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { ListScreen } from '../../web/ui/ListScreen';
import { useAction } from '../../web/ui/useAction';
import { useCan } from '../../web/shell/session';
import { fetchReviews, loadReviews, ratings, reviewColumns, reviewSources, sourceLabels } from './reputation.contract';

const sourceOptions = reviewSources.map((value) => ({ value, label: sourceLabels[value] }));
const ratingOptions = ratings.map((value) => ({ value, label: `${value} star${value === '1' ? '' : 's'}` }));
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** reputation-manager (seed 000: /marketing/reputation/, filters in the query string): the stores' reviews. */
export default function ReputationManager() {
  const [params] = useSearchParams();
  const editor = useCan('marketingEditor');
  const locationId = params.get('locationId');
  const fetch = useAction(fetchReviews, {
    success: (d) => (d.newReviewCount === 0 ? 'No new reviews.' : `${d.newReviewCount} new reviews.`),
    errors: 'alert',
    alertPrefix: 'unexpected',
    reload: [loadReviews],
  });
  return (
    <ListScreen
      className="reputation-manager"
      title="Reputation"
      action={loadReviews}
      noun={['review', 'reviews']}
      columns={reviewColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer or words' },
        { name: 'locationId', kind: 'location' },
        { name: 'rating', kind: 'select', placeholder: 'Any', data: ratingOptions },
        { name: 'source', kind: 'select', placeholder: 'Any', data: sourceOptions },
        {
          name: 'replied',
          kind: 'select',
          placeholder: 'Either',
          data: [
            { value: '1', label: 'Replied' },
            { value: '0', label: 'Not replied' },
          ],
        },
        { name: 'minReviewedAt', kind: 'date' },
        { name: 'maxReviewedAt', kind: 'date' },
      ]}
      updateUrl
      rowKey={(row) => row.reviewId}
      rowLabel={(row) => `${row.author}, ${row.rating} stars`}
      cells={{
        rating: (row) => (
          <Text span c={row.rating <= 2 ? 'red' : undefined} aria-label={`${row.rating} of 5 stars`}>
            {stars(row.rating)}
          </Text>
        ),
        replyLabel: (row) => (
          <Badge variant="light" color={row.reply ? 'teal' : 'orange'} title={row.reply ?? undefined}>
            {row.replyLabel}
          </Badge>
        ),
      }}
      emptyText="No reviews match these filters."
      toolbar={
        editor &&
        locationId && (
          <Button
            leftSection={<IconCloudDownload size={16} />}
            loading={fetch.isPending}
            onClick={() => fetch.mutate({ locationId })}
          >
            Fetch new reviews
          </Button>
        )
      }
    />
  );
}
