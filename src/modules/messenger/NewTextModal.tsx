/**
 * The messenger's New text (docs/messenger.md): a text to a number typed or pasted in any format,
 * from a store's line. A number the store does not know becomes its contact, named as typed; one it
 * knows goes to that contact. Sent, the conversation opens.
 */
import { Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LocationSelect } from '../../web/options/LocationSelect';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { closeModal, IdModal } from '../../web/ui/modals';
import { useLeaveWarning } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { smsSegments, smsSummary } from '../../shared/sms';
import { loadMailingList } from '../contacts/contacts.contract';
import { loadMessages, startConversation, TEXT_SENT } from './messenger.contract';

export const NEW_TEXT = 'new-text';

function NewTextForm({ onSent }: { onSent: (phone: string, locationId: number) => void }) {
  const form = useContractForm(startConversation, {
    initialValues: { locationId: '', mobilePhone: '', firstName: '', lastName: '', message: '' },
    success: (data) => (data.contactAdded ? `${TEXT_SENT} ${data.contactName} is now a contact.` : TEXT_SENT),
    reload: [loadMessages, loadMailingList],
    onSuccess: (data, input) => {
      closeModal(NEW_TEXT);
      onSent(data.to, Number(input.locationId));
    },
  });
  useLeaveWarning(form.unsaved);
  return (
    <Form onSubmit={() => form.submit()}>
      <Stack>
        <LocationSelect form={form.form} {...form.field('locationId')} description="The store's line it goes out on." />
        <TextInput
          type="tel"
          autoComplete="off"
          placeholder="(505) 555-0142"
          description="Typed or pasted in any format. A number the store has goes to its contact."
          data-autofocus
          {...form.field('mobilePhone')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput autoComplete="off" {...form.field('firstName')} />
          <TextInput autoComplete="off" {...form.field('lastName')} />
        </SimpleGrid>
        <div>
          <Textarea autosize minRows={3} maxRows={8} maxLength={1600} {...form.field('message')} />
          <Text size="xs" c="dimmed" mt={4} aria-live="polite">
            {smsSummary(smsSegments(form.values.message))}
          </Text>
        </div>
        <ActionAlert error={form.banner} title="The text was not sent" />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(NEW_TEXT)}>
            Cancel
          </Button>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={form.action.isPending}>
            Send
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** The New text modal (messenger); opened with openModal(NEW_TEXT). `onSent` opens the conversation. */
export function NewTextModal({ onSent }: { onSent: (phone: string, locationId: number) => void }) {
  return (
    <IdModal id={NEW_TEXT} title="New text" size="lg">
      <NewTextForm onSent={onSent} />
    </IdModal>
  );
}
