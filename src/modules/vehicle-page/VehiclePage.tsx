import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCalculator, IconCheck, IconCopy, IconHash } from '@tabler/icons-react';
import { ActionAlert } from '../../web/ui/ActionAlert';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { useCan } from '../../web/shell/session';
import type { OutputOf } from '../../shared/contract';
import { formatDateTime, formatNumber } from '../../shared/format';
import { normalizeVin } from '../vehicles/vehicles.api';
import { COUNT_CAP, loadVehicle, RECORD_LIMIT, vehicleKindLabels, type VehicleFacts } from './vehicle-page.contract';

type Loaded = OutputOf<typeof loadVehicle>;
type KindRecords = Loaded['records'][number];

const countLabel = (count: number) => (count >= COUNT_CAP ? `${formatNumber(COUNT_CAP)}+` : String(count));

/** The desking tool with this vehicle filled in: its VIN, stock number, store, name and price. */
function deskHref(vehicle: VehicleFacts): string {
  const params = new URLSearchParams({ vin: vehicle.vin });
  if (vehicle.stock) params.set('stock', vehicle.stock);
  if (vehicle.locationId) params.set('locationId', String(vehicle.locationId));
  if (vehicle.description) params.set('vehicle', vehicle.description);
  if (vehicle.price !== null) params.set('price', String(vehicle.price));
  return `/sales/desking?${params}`;
}

/** The generate screen with the VIN and the store that is acquiring it. */
function numberHref(vehicle: VehicleFacts): string {
  const params = new URLSearchParams({ vin: vehicle.vin });
  if (vehicle.locationId) params.set('locationId', String(vehicle.locationId));
  return `/stock-numbers/generate?${params}`;
}

/** vPIC writes countries in capitals ("UNITED STATES (USA)"): words as a sentence writes them, the code kept. */
const countryName = (country: string) =>
  country.replace(/[A-Z]+/g, (word, at: number) =>
    country[at - 1] === '(' ? word : word.charAt(0) + word.slice(1).toLowerCase(),
  );

/** What vPIC reads from the VIN: its year, make and model, body and where it was built. */
function decodedLine(vehicle: VehicleFacts): string | null {
  const { year, make, model, body, plantCountry } = vehicle.decoded;
  const named = [year, make, model].filter(Boolean).join(' ');
  if (!named) return null;
  const built = plantCountry ? `built in ${countryName(plantCountry)}` : null;
  return `The VIN decodes as ${[named, body, built].filter(Boolean).join(', ')}.`;
}

/** Title, VIN, what the records say of it, and the next steps the caller may take. */
function Header({ vehicle, recorded }: { vehicle: VehicleFacts; recorded: boolean }) {
  const canDesk = useCan('sales');
  const canNumber = useCan('stockNumberManager');
  const facts = [
    vehicle.stock && `Stock number ${vehicle.stock}`,
    vehicle.locationName,
    vehicle.price !== null && `$${formatNumber(vehicle.price)}`,
    vehicle.mileage !== null && `${formatNumber(vehicle.mileage)} miles`,
  ].filter(Boolean);
  const decoded = decodedLine(vehicle);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="center" wrap="wrap">
        <Title order={1}>{vehicle.description ?? `Vehicle ${vehicle.vin}`}</Title>
        {vehicle.status && (
          <Badge variant="light" color={vehicle.status === 'In stock' ? 'teal' : 'gray'} size="lg">
            {vehicle.status}
          </Badge>
        )}
      </Group>
      <Group gap={4} wrap="nowrap">
        <Text ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          VIN {vehicle.vin}
        </Text>
        <CopyButton value={vehicle.vin}>
          {({ copied, copy }) => (
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={copy}
              aria-label="Copy the VIN"
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      {facts.length > 0 && <Text>{facts.join(' · ')}</Text>}
      {decoded && (
        <Text size="sm" c="dimmed">
          {decoded}
        </Text>
      )}
      {vehicle.vinProblem && (
        <Alert color="yellow" variant="light" title="This VIN fails its check">
          {vehicle.vinProblem}
          {recorded && ' Its records kept it as typed on purpose, so they are shown under it as written.'}
        </Alert>
      )}
      {(canDesk || (canNumber && !vehicle.stock)) && (
        <Group gap="sm" mt={4}>
          {canDesk && (
            <Button component={Link} to={deskHref(vehicle)} leftSection={<IconCalculator size={16} />}>
              Desk this vehicle
            </Button>
          )}
          {canNumber && !vehicle.stock && (
            <Button component={Link} to={numberHref(vehicle)} variant="light" leftSection={<IconHash size={16} />}>
              Give it a stock number
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** One kind of the vehicle's records, newest first, each opening its own screen. */
function Records({ records }: { records: KindRecords }) {
  const [one, many] = vehicleKindLabels[records.kind];
  return (
    <Stack gap="xs">
      {/* The store under each record, not beside it: the table fits a phone without scrolling sideways. */}
      <Table aria-label={many} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th style={{ width: '1%' }}>Date</Table.Th>
            <Table.Th>{one}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.rows.map((row) => (
            <Table.Tr key={row.recordId}>
              <Table.Td style={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={row.href}>
                  {row.summary || `${one} ${row.recordId}`}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.locationName}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {records.count > records.rows.length && (
        <Text size="sm" c="dimmed">
          The newest {RECORD_LIMIT} of {countLabel(records.count)}.
        </Text>
      )}
      <Anchor component={Link} to={records.listHref} size="sm">
        Show all in {many}
      </Anchor>
    </Stack>
  );
}

function VehicleBody({ loaded }: { loaded: Loaded }) {
  const [params, setParams] = useSearchParams();
  const { vehicle, records } = loaded;
  const asked = params.get('tab');
  const shown = records.some((r) => r.kind === asked) ? asked : (records[0]?.kind ?? null);
  const choose = (tab: string | null) => {
    if (!tab) return;
    const next = new URLSearchParams(params);
    next.set('tab', tab);
    setParams(next, { replace: true });
  };
  return (
    <Stack gap="md">
      <Header vehicle={vehicle} recorded={records.length > 0} />
      {records.length === 0 ? (
        <Text c="dimmed">No records of this vehicle within your stores.</Text>
      ) : (
        <Tabs value={shown} onChange={choose} keepMounted={false}>
          <Tabs.List aria-label="Records">
            {records.map((r) => (
              <Tabs.Tab key={r.kind} value={r.kind}>
                {vehicleKindLabels[r.kind][1]} ({countLabel(r.count)})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {records.map((r) => (
            <Tabs.Panel key={r.kind} value={r.kind} pt="sm">
              <Records records={r} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
    </Stack>
  );
}

/**
 * The vehicle page (docs/vehicles.md, "One vehicle"): `?vin=` names the vehicle; `?tab=` the kind of
 * record shown. Every module's records that carry the VIN, each kind for those who may open its list.
 */
export default function VehiclePage() {
  const [params] = useSearchParams();
  const onLots = useCan('stockNumberManager');
  const vin = normalizeVin(params.get('vin') ?? '');
  // Asked again each time it opens: other screens change its records (a stock number, a deal) without reloading it.
  const loaded = useActionQuery(loadVehicle, { vin }, { enabled: vin.length > 0, staleTime: 0 });
  const error = loaded.error ?? (vin ? null : 'This address names no vehicle: it needs ?vin= and the VIN.');
  return (
    <Stack className="vehicle-page" maw={1100}>
      {onLots && (
        <Anchor component={Link} to="/inventory/" size="sm">
          ← Store inventory
        </Anchor>
      )}
      {loaded.isPending && loaded.fetchStatus !== 'idle' && <Loader aria-label="Loading" />}
      <ActionAlert error={error} title="The vehicle did not open" />
      {!loaded.data && <Title order={1}>Vehicle</Title>}
      {loaded.data && <VehicleBody loaded={loaded.data} />}
    </Stack>
  );
}
