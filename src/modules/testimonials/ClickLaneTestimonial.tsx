/**
 * clicklane-testimonial (seed 002): one testimonial's edit form, `?testimonialId=`. Save keeps its
 * published state; Publish saves it with active 1 and the button becomes Unpublish, which saves it
 * with active 0; Delete asks first and goes back to the list. Each is notified for 6000 ms.
 * `?new=1` (the list's Add) is the same form empty: nothing is stored until Save or Publish.
 */
import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Input,
  Loader,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconTrash } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { LocationSelect } from '../../web/options/LocationSelect';
import { VehiclePicker } from '../../web/options/VehiclePicker';
import { useCan } from '../../web/shell/session';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { DateField } from '../../web/ui/DateField';
import { confirm } from '../../web/ui/modals';
import { RecordForm } from '../../web/ui/RecordForm';
import { useAction } from '../../web/ui/useAction';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatDateTime } from '../../shared/format';
import {
  BODY_MAX,
  createTestimonial,
  DELETE_TESTIMONIAL_QUESTION,
  deleteTestimonial,
  loadTestimonial,
  loadTestimonials,
  saveTestimonial,
  TESTIMONIAL_NOTIFY_MS,
  TESTIMONIAL_PUBLISHED,
  TESTIMONIAL_REMOVED,
  TESTIMONIAL_SAVED,
  TESTIMONIAL_UNPUBLISHED,
  testimonialHref,
  type TestimonialRecord,
} from './testimonials.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

const LIST = '/clicklane/testimonials/';

function TestimonialForm({ testimonial, reload }: { testimonial: TestimonialRecord; reload: () => void }) {
  const navigate = useNavigate();
  const mayEdit = useCan('marketingEditor');
  // What the next send sets `active` to: kept as it is by Save, flipped by Publish / Unpublish.
  const nextActive = useRef<0 | 1>(testimonial.active);
  const form = useContractForm(saveTestimonial, {
    initialValues: {
      locationId: String(testimonial.locationId),
      customerName: testimonial.customerName,
      body: testimonial.body,
      rating: testimonial.rating,
      givenOn: testimonial.givenOn,
      vehicleYear: testimonial.vehicleYear ? String(testimonial.vehicleYear) : '',
      vehicleMake: testimonial.vehicleMake,
      vehicleModel: testimonial.vehicleModel,
    },
    toInput: (v) => ({ ...v, testimonialId: testimonial.testimonialId, active: nextActive.current }),
    success: (data) =>
      data.active === testimonial.active
        ? TESTIMONIAL_SAVED
        : data.active
          ? TESTIMONIAL_PUBLISHED
          : TESTIMONIAL_UNPUBLISHED,
    successMs: TESTIMONIAL_NOTIFY_MS,
    reload: [loadTestimonials, loadTestimonial],
    onSuccess: reload,
  });
  const send = (active: 0 | 1) => {
    nextActive.current = active;
    form.submit();
  };
  const remove = useAction(deleteTestimonial, {
    errors: 'alert',
    alertPrefix: 'unexpected',
    success: TESTIMONIAL_REMOVED,
    successMs: TESTIMONIAL_NOTIFY_MS,
    reload: [loadTestimonials],
    onSuccess: () => void navigate(LIST),
  });
  const askDelete = () =>
    void confirm({ message: DELETE_TESTIMONIAL_QUESTION, confirmLabel: 'Delete', danger: true }).then(
      (yes) => yes && remove.mutate({ testimonialId: testimonial.testimonialId }),
    );
  return (
    <RecordForm
      form={{ ...form, submit: () => send(testimonial.active) }}
      buttons="start"
      readOnly={!mayEdit}
      failTitle="The testimonial was not saved"
      submitLabel="Save"
      extra={
        <>
          {testimonial.active ? (
            <Button variant="light" color="orange" loading={form.action.isPending} onClick={() => send(0)}>
              Unpublish
            </Button>
          ) : (
            <Button variant="light" color="teal" loading={form.action.isPending} onClick={() => send(1)}>
              Publish
            </Button>
          )}
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={remove.isPending}
            onClick={askDelete}
          >
            Delete
          </Button>
        </>
      }
    >
      <TestimonialFields form={form} mayEdit={mayEdit} />
    </RecordForm>
  );
}

/** The form's values: the testimonial's fields as typed. */
type FormValues = {
  locationId: string;
  customerName: string;
  body: string;
  rating: number;
  givenOn: string;
  vehicleYear: string;
  vehicleMake: string;
  vehicleModel: string;
};
type FieldsForm = Pick<
  ReturnType<typeof useContractForm<typeof saveTestimonial, FormValues>>,
  'form' | 'field' | 'values'
>;

/** The fields of a testimonial, new or saved. */
function TestimonialFields({ form, mayEdit }: { form: FieldsForm; mayEdit: boolean }) {
  const rating = form.field('rating');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          data-autofocus
          autoComplete="off"
          placeholder="As shown on the lane, such as Rosa M."
          {...form.field('customerName')}
        />
        <LocationSelect form={form.form} {...form.field('locationId')} />
        <DateField {...form.field('givenOn')} />
        <Input.Wrapper label={rating.label} required error={rating.error} id={`${rating.name}-label`}>
          <Rating
            count={5}
            value={Number(form.values.rating) || 0}
            aria-labelledby={`${rating.name}-label`}
            onChange={(value) => form.form.setFieldValue('rating', value)}
            readOnly={!mayEdit}
            size="lg"
          />
        </Input.Wrapper>
      </SimpleGrid>
      <CountedTextarea maxLength={BODY_MAX} autosize minRows={4} {...form.field('body')} />
      <Title order={2} size="h4">
        Vehicle bought
      </Title>
      <VehiclePicker
        form={form}
        withoutTrim
        names={{ year: 'vehicleYear', make: 'vehicleMake', model: 'vehicleModel' }}
      />
    </>
  );
}

/**
 * A new testimonial (the list's Add), at the list's store when it was narrowed to one: created by
 * Save or Publish, then opened as a saved one. Leaving it empty stores nothing.
 */
function NewTestimonialForm({ locationId }: { locationId: string }) {
  const navigate = useNavigate();
  const mayEdit = useCan('marketingEditor');
  const nextActive = useRef<0 | 1>(0);
  const form = useContractForm(createTestimonial, {
    initialValues: {
      locationId,
      customerName: '',
      body: '',
      rating: 5,
      // Today where the browser is: the store's day but for a few hours around midnight, and the user sees it.
      givenOn: new Date().toLocaleDateString('en-CA'),
      vehicleYear: '',
      vehicleMake: '',
      vehicleModel: '',
    } satisfies FormValues,
    toInput: (v) => ({ ...v, active: nextActive.current }),
    success: (data) => (data.active ? TESTIMONIAL_PUBLISHED : TESTIMONIAL_SAVED),
    successMs: TESTIMONIAL_NOTIFY_MS,
    reload: [loadTestimonials],
    onSuccess: (data) => void navigate(testimonialHref(data.testimonialId), { replace: true }),
  });
  const send = (active: 0 | 1) => {
    nextActive.current = active;
    form.submit();
  };
  return (
    <RecordForm
      form={{ ...form, submit: () => send(0) }}
      buttons="start"
      readOnly={!mayEdit}
      failTitle="The testimonial was not saved"
      submitLabel="Save"
      onCancel={() => void navigate(LIST)}
      extra={
        <Button variant="light" color="teal" loading={form.action.isPending} onClick={() => send(1)}>
          Publish
        </Button>
      }
    >
      <TestimonialFields form={form} mayEdit={mayEdit} />
    </RecordForm>
  );
}

export default function ClickLaneTestimonial() {
  const [params] = useSearchParams();
  const id = Number(params.get('testimonialId')) || 0;
  const isNew = !id && params.get('new') === '1';
  const query = useActionQuery(loadTestimonial, { testimonialId: id }, { enabled: id > 0, staleTime: 0 });
  const testimonial = query.data?.testimonial;
  return (
    <div className="clicklane-testimonial">
      <Stack gap="lg">
        <Anchor component={Link} to={LIST} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Testimonials
          </Group>
        </Anchor>
        {isNew ? (
          <>
            <div>
              <Title order={1}>New testimonial</Title>
              <Text c="dimmed" size="sm">
                Saved or published when you choose; nothing is kept before.
              </Text>
            </div>
            <NewTestimonialForm locationId={params.get('locationId') ?? ''} />
          </>
        ) : !id ? (
          <Alert color="red" title="No testimonial">
            Open a testimonial from the testimonial list.
          </Alert>
        ) : query.isPending ? (
          <Center h={240}>
            <Loader aria-label="Loading" />
          </Center>
        ) : query.isError || !testimonial ? (
          <Alert color="red" title="This testimonial could not be loaded">
            {errorMessage(query.error)}
          </Alert>
        ) : (
          <>
            <div>
              <Group gap="sm">
                <Title order={1}>{testimonial.customerName || 'New testimonial'}</Title>
                <Badge color={testimonial.active ? 'teal' : 'gray'} variant="light" data-testid="testimonial-status">
                  {testimonial.active ? 'Published' : 'Unpublished'}
                </Badge>
              </Group>
              <Text c="dimmed" size="sm">
                {testimonial.locationName} · created {formatDateTime(testimonial.createdAt)}
                {testimonial.creatorName ? ` by ${testimonial.creatorName}` : ''}
              </Text>
            </div>
            <TestimonialForm
              key={`${testimonial.updatedAt}-${testimonial.active}`}
              testimonial={testimonial}
              reload={() => void query.refetch()}
            />
          </>
        )}
      </Stack>
    </div>
  );
}
