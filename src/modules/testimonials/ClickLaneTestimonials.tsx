/**
 * clicklane-testimonials (seed 002): the testimonial list. Add opens an empty form, which creates the
 * testimonial on Save or Publish (create-testimonial); a row opens its form; Delete asks first.
 */
import { useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Rating } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { ListScreen } from '../../web/ui/ListScreen';
import { useRowActions } from '../../web/ui/RecordForm';
import type { RowOf } from '../../shared/contract';
import {
  DELETE_TESTIMONIAL_QUESTION,
  deleteTestimonial,
  loadTestimonials,
  newTestimonialHref,
  TESTIMONIAL_NOTIFY_MS,
  TESTIMONIAL_REMOVED,
  testimonialColumns,
  testimonialHref,
} from './testimonials.contract';

type Row = RowOf<typeof loadTestimonials>;

export default function ClickLaneTestimonials() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mayEdit = useCan('marketingEditor');
  const rowActions = useRowActions(deleteTestimonial, {
    edit: (row: Row) => void navigate(testimonialHref(row.testimonialId)),
    question: () => DELETE_TESTIMONIAL_QUESTION,
    input: (row) => ({ testimonialId: row.testimonialId }),
    success: TESTIMONIAL_REMOVED,
    successMs: TESTIMONIAL_NOTIFY_MS,
    reload: [loadTestimonials],
  });
  return (
    <ListScreen
      className="clicklane-testimonials"
      title="Testimonials"
      action={loadTestimonials}
      noun={['testimonial', 'testimonials']}
      columns={testimonialColumns}
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Customer name or text' },
        { name: 'locationId', kind: 'location' },
        {
          name: 'active',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Published' },
            { value: '0', label: 'Unpublished' },
          ],
        },
      ]}
      updateUrl
      rowKey={(row) => row.testimonialId}
      rowLabel={(row) => row.customerName || `Testimonial ${row.testimonialId}`}
      onRowClick={(row) => void navigate(testimonialHref(row.testimonialId))}
      rowActions={mayEdit ? rowActions : undefined}
      emptyText="No testimonials match these filters; clear a filter or add one."
      cells={{
        customerName: (row) => row.customerName || <em>New testimonial</em>,
        rating: (row) => (
          <Rating value={row.rating} readOnly size="xs" role="img" aria-label={`${row.rating} of 5 stars`} />
        ),
        activeLabel: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light">
            {row.activeLabel}
          </Badge>
        ),
      }}
      toolbar={
        mayEdit && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => void navigate(newTestimonialHref(params.get('locationId')))}
          >
            Add testimonial
          </Button>
        )
      }
    />
  );
}
