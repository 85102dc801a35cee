/**
 * The mass text (seed 001, section 8; /api/kits/text/send-mass-text): one marketing text from a
 * store's line to many numbers. What it costs is shown as it is written; sending asks first, naming
 * how many it goes to; once accepted, the modal follows the send's progress instead of the form.
 */
import { useState } from 'react';
import { Box, Button, Checkbox, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { closeModal, confirm, IdModal } from '../../web/ui/modals';
import { useLeaveWarning } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatCount, formatNumber } from '../../shared/format';
import { smsSegments, smsSummary } from '../../shared/sms';
import { loadSends, MAX_TYPED_RECIPIENTS, MESSAGE_NOT_SENT, sendMassText } from './messenger.contract';
import { SendProgress } from './SendProgress';

export const MASS_TEXT = 'mass-text';


/**
 * The numbers as typed: one per line or separated by commas (or semicolons). A number written with
 * spaces in it, "(505) 555-0142", is one number; a line of whole numbers separated by spaces is several.
 */
export function parseNumbers(typed: string): string[] {
  return typed.split(/[\n\r,;]+/).flatMap((entry) => {
    const parts = entry.trim().split(/\s+/).filter(Boolean);
    const whole = parts.length > 1 && parts.every((p) => p.replace(/\D/g, '').length >= 10);
    return whole ? parts : parts.length ? [parts.join('')] : [];
  });
}

/** The same number written two ways ("505-555-0142", "+1 505 555 0142") is one recipient. */
const recipientKey = (n: string) => {
  const digits = n.replace(/\D/g, '');
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
};
export const countRecipients = (numbers: string[]) => new Set(numbers.map(recipientKey)).size;

/** What the contract takes for a number, without the spaces parseNumbers has already read past. */
const LOOKS_LIKE_PHONE = /^\+?[\d().-]{10,20}$/;

interface Values extends Record<string, unknown> {
  locationId: string;
  message: string;
  numbers: string;
  quietHours: string;
  confirm: boolean;
}

function MassTextForm({ onSent }: { onSent: (sendId: number, duplicates: number) => void }) {
  const locations = useLocationOptions();
  const form = useContractForm(sendMassText, {
    initialValues: { locationId: '', message: '', numbers: '', quietHours: 'wait', confirm: false } as Values,
    toInput: (v) => ({ ...v, numbers: parseNumbers(v.numbers) }),
    check: (v) => {
      const bad = parseNumbers(v.numbers).find((n) => !LOOKS_LIKE_PHONE.test(n));
      return bad ? { numbers: `Numbers: "${bad}" is not a phone number such as (505) 555-0142.` } : {};
    },
    reload: [loadSends.path],
    onSuccess: (data) => onSent(data.sendId, data.duplicates),
  });
  useLeaveWarning(form.unsaved);
  const { values } = form;
  const count = smsSegments(values.message);
  const recipients = countRecipients(parseNumbers(values.numbers));
  const total = count.segments * recipients;
  const from = locations.data?.locations.find((l) => String(l.id) === values.locationId)?.name;

  const send = async () => {
    // The form's own checks first (they mark the fields and focus the first at fault), then the question.
    if (!form.form.isValid()) return form.submit();
    const ok = await confirm({
      title: 'Send the mass text?',
      message: `This marketing text goes to ${formatCount(recipients, 'recipient')}${from ? ` from ${from}` : ''}: ${formatCount(total, 'segment')} in all.`,
      confirmLabel: `Send to ${formatCount(recipients, 'recipient')}`,
    });
    if (ok) form.submit();
  };

  return (
    <Form onSubmit={() => void send()}>
      <Stack>
        <LocationSelect form={form.form} {...form.field('locationId')} description="The store's line the text goes out on." />
        <div>
          <Textarea autosize minRows={3} maxRows={10} maxLength={1600} data-autofocus {...form.field('message')} />
          <Box mt={4} aria-live="polite" className="mass-text-count">
            <Text size="xs" c="dimmed">{smsSummary(count)}</Text>
            <Text size="xs" c="dimmed">Cost: {formatCount(count.segments, 'segment')} × {formatCount(recipients, 'recipient')} = {formatCount(total, 'segment')}</Text>
          </Box>
        </div>
        <Textarea autosize minRows={3} maxRows={10} description={`One per line, or separated by commas; at most ${formatNumber(MAX_TYPED_RECIPIENTS)}.`}
          placeholder={'(505) 555-0142\n(505) 555-0143'} {...form.field('numbers')} />
        <Radio.Group {...form.field('quietHours')} label="Outside 8:00–21:00 recipient time"
          description="Marketing texts only go out from 8:00 to 21:00 in the recipient's time zone.">
          <Group mt="xs">
            <Radio value="wait" label="Wait for the morning" />
            <Radio value="refuse" label="Skip them" />
          </Group>
        </Radio.Group>
        <Checkbox {...form.checkbox('confirm')} label="I confirm this marketing text may be sent to these numbers" />
        <ActionAlert error={form.banner} title={MESSAGE_NOT_SENT} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(MASS_TEXT)}>Cancel</Button>
          <Button type="submit" leftSection={<IconSend size={16} />} disabled={!values.confirm} loading={form.action.isPending}>Send</Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** What the modal holds: the form, then, once the send is accepted, its progress. */
function MassText() {
  const [sent, setSent] = useState<{ sendId: number; duplicates: number } | null>(null);
  if (!sent) return <MassTextForm onSent={(sendId, duplicates) => setSent({ sendId, duplicates })} />;
  return (
    <Stack>
      {sent.duplicates > 0 && (
        <Text size="sm">{formatCount(sent.duplicates, 'number was', 'numbers were')} given twice; each is texted once.</Text>
      )}
      <SendProgress sendId={sent.sendId} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => closeModal(MASS_TEXT)}>Close</Button>
      </Group>
    </Stack>
  );
}

/** The mass text modal (marketing); opened with openModal(MASS_TEXT). */
export function MassTextModal() {
  return (
    <IdModal id={MASS_TEXT} title="Mass text" size="xl">
      <MassText />
    </IdModal>
  );
}
