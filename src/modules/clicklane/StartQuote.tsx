/**
 * add-insurance quote start (seed 001): the form of an insurance quote for a lead, `?leadId=`, sent
 * to the carrier through the insurance provider ('Offer sent!'); the premium arrives on the insurance
 * quotes manager once the carrier answers.
 */
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Card, Center, Group, Loader, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { optionsOf } from '../../web/options/optionsOf';
import { RecordForm } from '../../web/ui/RecordForm';
import { SearchableSelect } from '../../web/ui/SearchableSelect';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useContractForm } from '../../web/ui/useContractForm';
import {
  carrierLabels,
  carriers,
  coverageLabels,
  coverages,
  loadLead,
  loadQuotes,
  OFFER_SENT,
  startQuote,
  type Carrier,
  type Coverage,
  type LeadRecord,
} from './clicklane.contract';

const carrierOptions = optionsOf(carriers, carrierLabels);
const coverageOptions = optionsOf(coverages, coverageLabels);
const termOptions = [
  { value: '6', label: '6 months' },
  { value: '12', label: '12 months' },
];

function QuoteForm({ lead }: { lead: LeadRecord }) {
  const navigate = useNavigate();
  const form = useContractForm(startQuote, {
    initialValues: {
      carrier: '' as Carrier | '',
      coverage: 'full' as Coverage,
      termMonths: '6' as '6' | '12',
      zip: '',
      dateOfBirth: '',
    },
    toInput: (values) => ({ ...values, leadId: lead.leadId }),
    success: OFFER_SENT,
    successMs: 4000,
    reload: [loadQuotes],
    onSuccess: () => void navigate(`/clicklane/quotes/?query=${encodeURIComponent(lead.customerName)}`),
  });
  return (
    <RecordForm form={form} failTitle="The quote was not sent" submitLabel="Send to carrier" buttons="start">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <SearchableSelect data={carrierOptions} data-autofocus {...form.field('carrier')} />
        <SearchableSelect data={coverageOptions} allowDeselect={false} {...form.field('coverage')} />
        <SearchableSelect data={termOptions} allowDeselect={false} {...form.field('termMonths')} />
        <TextInput inputMode="numeric" autoComplete="postal-code" placeholder="87109" {...form.field('zip')} />
        <TextInput autoComplete="bday" placeholder="YYYY-MM-DD" {...form.field('dateOfBirth')} />
      </SimpleGrid>
    </RecordForm>
  );
}

export default function StartQuote() {
  const [params] = useSearchParams();
  const leadId = Number(params.get('leadId')) || 0;
  const query = useActionQuery(loadLead, { leadId }, { enabled: leadId > 0 });
  const lead = query.data?.lead;
  return (
    <div className="add-insurance-quote-start">
      <Stack gap="lg" maw={900}>
        <Anchor component={Link} to="/clicklane/quotes/" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} />
            Insurance quotes
          </Group>
        </Anchor>
        {!leadId ? (
          <Alert color="blue" title="Pick a lead first">
            Start a quote from a lead's menu on the{' '}
            <Anchor component={Link} to="/clicklane/leads/">
              lead list
            </Anchor>
            .
          </Alert>
        ) : query.isPending ? (
          <Center h={240}>
            <Loader aria-label="Loading" />
          </Center>
        ) : query.isError || !lead ? (
          <Alert color="red" title="This lead could not be loaded">
            {errorMessage(query.error)}
          </Alert>
        ) : (
          <>
            <div>
              <Title order={1}>Insurance quote for {lead.customerName}</Title>
              <Text c="dimmed" size="sm">
                {lead.locationName}
                {lead.vehicleWanted ? ` · ${lead.vehicleWanted}` : ''}
              </Text>
            </div>
            <Card withBorder padding="md">
              <QuoteForm lead={lead} />
            </Card>
          </>
        )}
      </Stack>
    </div>
  );
}
