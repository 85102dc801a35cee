/**
 * The social marketplace lead form (seed 000: facebook/marketplace-contact, a serialized form; on
 * failure the fields named in `data.fields` are marked; success 'Your message has been sent!').
 */
import { Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { LocationSelect } from '../../web/options/LocationSelect';
import { CountedTextarea } from '../../web/ui/CountedTextarea';
import { RecordForm } from '../../web/ui/RecordForm';
import { useContractForm } from '../../web/ui/useContractForm';
import { LEAD_MESSAGE_MAX, LEAD_SENT, sendMarketplaceLead } from './marketplace.contract';

const blank = { locationId: '', stock: '', listing: '', name: '', phone: '', email: '', message: '' };

/** marketplace-lead: staff record a buyer who wrote about a listed vehicle, and send the lead on. */
export default function MarketplaceLead() {
  const form = useContractForm(sendMarketplaceLead, {
    initialValues: blank,
    success: LEAD_SENT,
    successMs: 4000,
    // Ready for the next buyer; the store stays chosen.
    onSuccess: (_data, input) => {
      const next = { ...blank, locationId: String(input.locationId) };
      form.form.setInitialValues(next);
      form.form.setValues(next);
    },
  });

  return (
    <Stack className="marketplace-lead" maw={760}>
      <Title order={1}>Marketplace lead</Title>
      <Text c="dimmed">
        A buyer wrote about a vehicle the store lists on the social marketplace: record them here. They join the store's
        contacts and the lead is sent on.
      </Text>
      <Paper withBorder p="md">
        <RecordForm form={form} failTitle="The lead was not sent" submitLabel="Send lead" buttons="start">
          <LocationSelect form={form.form} {...form.field('locationId')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput autoComplete="off" description="On the store's lot" {...form.field('stock')} />
            <TextInput autoComplete="off" description="Or the listing's address or number" {...form.field('listing')} />
            <TextInput autoComplete="off" {...form.field('name')} />
            <TextInput type="tel" autoComplete="off" placeholder="(505) 555-0142" {...form.field('phone')} />
            <TextInput type="email" autoComplete="off" {...form.field('email')} />
          </SimpleGrid>
          <CountedTextarea
            maxLength={LEAD_MESSAGE_MAX}
            autosize
            minRows={3}
            description="What the buyer wrote"
            {...form.field('message')}
          />
        </RecordForm>
      </Paper>
    </Stack>
  );
}
