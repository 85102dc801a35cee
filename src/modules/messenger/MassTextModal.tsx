/**
 * The mass text and the mass call (seed 001, section 8): one marketing text to typed numbers
 * (/api/kits/text/send-mass-text) or to a store's contacts (text-contact-list), or one spoken message
 * called to typed numbers (/api/kits/talk/outbound/make-mass-call), from a store's line. What a text
 * costs is shown as it is written; sending asks first, naming how many it goes to (for a text, the
 * people who will get it: opted-out and unreachable numbers left out, as far as the server can tell
 * beforehand); once accepted, the modal follows the send's progress instead of the form.
 */
import { useEffect, useState } from 'react';
import { Box, Button, Checkbox, Group, Radio, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoneOutgoing, IconSend } from '@tabler/icons-react';
import { LocationSelect } from '../../web/options/LocationSelect';
import { useLocationOptions } from '../../web/options/locationOptions';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { Form } from '../../web/ui/Form';
import { closeModal, confirm, IdModal, showAlert } from '../../web/ui/modals';
import { callAction } from '../../web/api';
import { useCan } from '../../web/shell/session';
import { useLeaveWarning } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { formatCount, formatNumber } from '../../shared/format';
import { smsSegments, smsSummary } from '../../shared/sms';
import {
  loadSends,
  makeMassCall,
  MAX_TYPED_RECIPIENTS,
  MESSAGE_NOT_SENT,
  sendMassText,
  textContactList,
  verifyPhoneNumbers,
} from './messenger.contract';
import { loadMailingList } from '../contacts/contacts.contract';
import { SendProgress } from './SendProgress';

export const MASS_TEXT = 'mass-text';
export const MASS_CALL = 'mass-call';

/**
 * The numbers as typed: one per line or separated by commas (or semicolons). A number written with
 * spaces in it, "(505) 555-0142", is one number; a line of whole numbers separated by spaces is several.
 */
function parseNumbers(typed: string): string[] {
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
const countRecipients = (numbers: string[]) => new Set(numbers.map(recipientKey)).size;

/** What the contract takes for a number, without the spaces parseNumbers has already read past. */
const LOOKS_LIKE_PHONE = /^\+?[\d().-]{10,20}$/;

interface Values extends Record<string, unknown> {
  locationId: string;
  message: string;
  numbers: string;
  sold: string;
  quietHours: string;
  confirm: boolean;
}

const blank: Values = { locationId: '', message: '', numbers: '', sold: '', quietHours: 'wait', confirm: false };

/** Who a send reaches: the numbers typed, or the store's contacts (texts only). */
type Audience = 'numbers' | 'contacts';

/** How long a spoken message takes, at about 2.5 words a second. */
const spokenSeconds = (message: string) => Math.ceil(message.split(/\s+/).filter(Boolean).length / 2.5);

const WORDING = {
  text: { noun: 'text', verb: 'texted', confirmTitle: 'Send the mass text?', channel: 'Marketing texts' },
  call: { noun: 'call', verb: 'called', confirmTitle: 'Place the mass call?', channel: 'Marketing calls' },
} as const;

/**
 * Who a text will reach, asked of the server before sending: the typed numbers it cleans (opted out,
 * not a number, toll-free or premium left out: `skipped`), or the store's contacts its mailing list
 * counts as reached by text (a mobile number, not opted out; `about` past the list's exact count).
 * Null when the caller cannot ask (cleaning a list needs the messenger flag).
 */
async function textAudience(
  typed: boolean,
  values: Values,
  canClean: boolean,
): Promise<{ count: number; skipped: number; about: boolean } | null> {
  if (typed) {
    if (!canClean) return null;
    const cleaned = await callAction(verifyPhoneNumbers, { numbers: parseNumbers(values.numbers) });
    return { count: cleaned.clean.length, skipped: cleaned.rejected.length, about: false };
  }
  const list = await callAction(loadMailingList, {
    locationId: values.locationId,
    reach: 'text',
    sold: values.sold,
    limit: 1,
    view: 'rows',
  });
  // A count key not ending in Formatted goes out as a number.
  return { count: Number(list.contactCount ?? 0), skipped: 0, about: Boolean(list.countEstimated) };
}

const people = (count: number, about = false) => `${about ? 'about ' : ''}${formatCount(count, 'person', 'people')}`;

interface FormProps {
  kind: 'text' | 'call';
  audience: Audience;
  /** The values typed so far (the form starts from them), and where the form reports its changes: kept when the audience changes. */
  draft: Values;
  onDraft: (values: Values) => void;
  onSent: (sendId: number, duplicates: number) => void;
}

function BulkSendForm({ kind, audience, draft, onDraft, onSent }: FormProps) {
  const words = WORDING[kind];
  const contract = kind === 'call' ? makeMassCall : audience === 'contacts' ? textContactList : sendMassText;
  const typed = audience === 'numbers';
  const locations = useLocationOptions();
  const canClean = useCan('messenger');
  const [counting, setCounting] = useState(false);
  const form = useContractForm(contract, {
    initialValues: draft,
    toInput: ({ numbers, sold, ...v }) => (typed ? { ...v, numbers: parseNumbers(numbers) } : { ...v, sold }),
    check: (v) => {
      const bad = typed && parseNumbers(v.numbers).find((n) => !LOOKS_LIKE_PHONE.test(n));
      return bad ? { numbers: `Numbers: "${bad}" is not a phone number such as (505) 555-0142.` } : {};
    },
    reload: [loadSends],
    onSuccess: (data) => onSent(data.sendId, data.duplicates),
  });
  useLeaveWarning(form.unsaved);
  const { values } = form;
  useEffect(() => onDraft(values), [onDraft, values]);
  const count = smsSegments(values.message);
  const recipients = countRecipients(parseNumbers(values.numbers));
  const total = count.segments * recipients;
  const from = locations.data?.locations.find((l) => String(l.id) === values.locationId)?.name;
  const reach = typed
    ? formatCount(recipients, 'recipient')
    : `the contacts of ${from ?? 'the store'}${values.sold === '1' ? ' who bought' : values.sold === '0' ? ' who have not bought' : ''}`;

  /** A text's question names the people it goes to, counted by the server first. */
  const askText = async () => {
    setCounting(true);
    const audience = await textAudience(typed, values, canClean)
      .catch(() => null)
      .finally(() => setCounting(false));
    const at = from && typed ? ` from ${from}` : '';
    if (audience?.count === 0) {
      showAlert(
        typed
          ? 'None of these numbers can get a text: each one opted out, or is not a number a text reaches.'
          : `No contact of ${from ?? 'the store'}${values.sold === '1' ? ' who bought' : values.sold === '0' ? ' who has not bought' : ''} can get a text: none has a mobile number that has not opted out.`,
        'Nobody to send to',
      );
      return false;
    }
    const skipped = audience?.skipped
      ? ` ${formatCount(audience.skipped, 'number is', 'numbers are')} left out: opted out, or not a number a text reaches.`
      : '';
    return confirm({
      title: audience ? `Send this text to ${people(audience.count, audience.about)}?` : words.confirmTitle,
      message: audience
        ? typed
          ? `This marketing text goes out${at}: ${formatCount(count.segments * audience.count, 'segment')} in all.${skipped}`
          : `This marketing text goes to ${reach} with a mobile number who have not opted out: ${formatCount(count.segments, 'segment')} each.`
        : `This marketing text goes to ${reach}${at}${typed ? `: ${formatCount(total, 'segment')} in all` : `: ${formatCount(count.segments, 'segment')} each`}; numbers that opted out are left out.`,
      confirmLabel: audience
        ? `Send to ${people(audience.count, audience.about)}`
        : typed
          ? `Send to ${formatCount(recipients, 'recipient')}`
          : 'Send to the contacts',
    });
  };

  const send = async () => {
    // The form's own checks first (they mark the fields and focus the first at fault), then the question.
    if (!form.form.isValid()) return form.submit();
    if (kind === 'text') {
      if (await askText()) form.submit();
      return;
    }
    const ok = await confirm({
      title: words.confirmTitle,
      message: `This marketing message is called to ${reach}${from && typed ? ` from ${from}` : ''}; each call lasts about ${formatCount(spokenSeconds(values.message), 'second')}.`,
      confirmLabel: typed ? `Call ${formatCount(recipients, 'number')}` : 'Call them',
    });
    if (ok) form.submit();
  };

  return (
    <Form onSubmit={() => void send()}>
      <Stack>
        <LocationSelect
          form={form.form}
          {...form.field('locationId')}
          description={`The store's line the ${words.noun} goes out on.`}
        />
        <div>
          <Textarea
            autosize
            minRows={3}
            maxRows={10}
            maxLength={kind === 'call' ? 1000 : 1600}
            data-autofocus
            {...form.field('message')}
            description={kind === 'call' ? 'Read out to whoever answers; then the call ends.' : undefined}
          />
          <Box mt={4} aria-live="polite" className="mass-text-count">
            {kind === 'call' ? (
              <Text size="xs" c="dimmed">
                About {formatCount(spokenSeconds(values.message), 'second')} to say.
              </Text>
            ) : (
              <>
                <Text size="xs" c="dimmed">
                  {smsSummary(count)}
                </Text>
                {typed && (
                  <Text size="xs" c="dimmed">
                    Cost: {formatCount(count.segments, 'segment')} × {formatCount(recipients, 'recipient')} ={' '}
                    {formatCount(total, 'segment')}
                  </Text>
                )}
              </>
            )}
          </Box>
        </div>
        {typed ? (
          <Textarea
            autosize
            minRows={3}
            maxRows={10}
            description={`One per line, or separated by commas; at most ${formatNumber(MAX_TYPED_RECIPIENTS)}.`}
            placeholder={'(505) 555-0142\n(505) 555-0143'}
            {...form.field('numbers')}
          />
        ) : (
          <Radio.Group
            {...form.field('sold')}
            label="Which contacts"
            description="Those with a mobile number; opted-out numbers are never texted."
          >
            <Group mt="xs">
              <Radio value="" label="All of them" />
              <Radio value="1" label="Those who bought" />
              <Radio value="0" label="Those who have not bought" />
            </Group>
          </Radio.Group>
        )}
        <Radio.Group
          {...form.field('quietHours')}
          label="Outside 8:00–21:00 recipient time"
          description={`${words.channel} only go out from 8:00 to 21:00 in the recipient's time zone.`}
        >
          <Group mt="xs">
            <Radio value="wait" label="Wait for the morning" />
            <Radio value="refuse" label="Skip them" />
          </Group>
        </Radio.Group>
        <Checkbox
          {...form.checkbox('confirm')}
          label={`I confirm this marketing ${words.noun} may be sent to ${typed ? 'these numbers' : 'these contacts'}`}
        />
        <ActionAlert error={form.banner} title={MESSAGE_NOT_SENT} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => closeModal(kind === 'call' ? MASS_CALL : MASS_TEXT)}>
            Cancel
          </Button>
          <Button
            type="submit"
            leftSection={kind === 'call' ? <IconPhoneOutgoing size={16} /> : <IconSend size={16} />}
            disabled={!values.confirm}
            loading={form.action.isPending || counting}
          >
            {kind === 'call' ? 'Call' : 'Send'}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** What the modal holds: who it reaches and the form, then, once the send is accepted, its progress. */
function BulkSend({ kind }: { kind: 'text' | 'call' }) {
  const [sent, setSent] = useState<{ sendId: number; duplicates: number } | null>(null);
  const [audience, setAudience] = useState<Audience>('numbers');
  const [draft, setDraft] = useState<Values>(blank);
  if (!sent) {
    const onSent = (sendId: number, duplicates: number) => setSent({ sendId, duplicates });
    if (kind === 'call')
      return <BulkSendForm kind="call" audience="numbers" draft={draft} onDraft={setDraft} onSent={onSent} />;
    return (
      <Stack>
        <SegmentedControl
          value={audience}
          onChange={(v) => setAudience(v as Audience)}
          aria-label="Send to"
          data={[
            { value: 'numbers', label: 'Numbers I type' },
            { value: 'contacts', label: "The store's contacts" },
          ]}
        />
        <BulkSendForm key={audience} kind="text" audience={audience} draft={draft} onDraft={setDraft} onSent={onSent} />
      </Stack>
    );
  }
  return (
    <Stack>
      {sent.duplicates > 0 && (
        <Text size="sm">
          {formatCount(sent.duplicates, 'number was', 'numbers were')} given twice; each is {WORDING[kind].verb} once.
        </Text>
      )}
      <SendProgress sendId={sent.sendId} />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => closeModal(kind === 'call' ? MASS_CALL : MASS_TEXT)}>
          Close
        </Button>
      </Group>
    </Stack>
  );
}

/** The mass text modal (marketing); opened with openModal(MASS_TEXT). */
export function MassTextModal() {
  return (
    <IdModal id={MASS_TEXT} title="Mass text" size="xl">
      <BulkSend kind="text" />
    </IdModal>
  );
}

/** The mass call modal (marketing); opened with openModal(MASS_CALL). */
export function MassCallModal() {
  return (
    <IdModal id={MASS_CALL} title="Mass call" size="xl">
      <BulkSend kind="call" />
    </IdModal>
  );
}
