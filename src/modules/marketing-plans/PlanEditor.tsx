import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
  Transition,
} from '@mantine/core';
import { IconBrandFacebook, IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { randomId } from '../../shared/format';
import { fieldLabel } from '../../shared/validation';
import { callAction, errorMessage, isActionError } from '../../web/api';
import { useLocationOptions } from '../../web/options/locationOptions';
import { IdModal, closeModal, confirm, openModal, showAlert } from '../../web/ui/modals';
import { notify, notifySuccess } from '../../web/ui/notify';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { AutosaveStatus, OpenedEditor } from '../../web/ui/AutosaveEditor';
import { useAutosave } from '../../web/ui/useAutosave';
import {
  CAMPAIGN_METRICS,
  CAMPAIGN_TYPES,
  createFacebookAd,
  loadPlan,
  loadPlans,
  PLAN_COUPON_TYPES,
  PLAN_VEHICLE_TYPES,
  savePlan,
  type Campaign,
  type Plan,
} from './marketing-plans.contract';
import { deletePlanAsked } from './MarketingPlans';

type Keyed<T> = T & { key: string };
type Vehicle = Keyed<Plan['vehicles'][number] | Omit<Plan['vehicles'][number], 'vehicleId'>>;
type Coupon = Keyed<Plan['coupons'][number] | Omit<Plan['coupons'][number], 'couponId'>>;
interface Draft {
  planId?: number;
  name: string;
  locationId: number;
  current: boolean;
  vehicles: Vehicle[];
  coupons: Coupon[];
  campaigns: Keyed<Campaign>[];
}
const PAGES = ['plan', 'vehicles', 'coupons', 'campaigns'] as const;
type Page = (typeof PAGES)[number];
const keyed = <T,>(item: T): Keyed<T> => ({ ...item, key: randomId() });
const strip = <T extends { key: string }>({ key: _k, ...rest }: T) => rest;
const newVehicle = (): Vehicle =>
  keyed({
    type: 'new',
    year: new Date().getFullYear(),
    make: '',
    model: '',
    campaignTags: [],
    live: true,
    featured: false,
  });
const newCoupon = (): Coupon => keyed({ type: 'service', product: '', campaignTags: [], live: true });
const newCampaign = (): Keyed<Campaign> =>
  keyed({
    name: '',
    type: 'facebook',
    allMonth: true,
    ...(Object.fromEntries(CAMPAIGN_METRICS.map((m) => [m, 0])) as Record<(typeof CAMPAIGN_METRICS)[number], number>),
  } as Campaign);

/** plan-editor (`?plan=&view=`, `clone=true` duplicates): pages chosen by the address's hash, saved on each change. */
export default function PlanEditor() {
  return (
    <OpenedEditor
      contract={loadPlan}
      input={(planId) => ({ planId })}
      record={(reply) => reply.plan}
      param="plan"
      className="plan-editor"
      noun="plan"
    >
      {(plan, { clone, params }) => {
        const draft: Draft = plan
          ? {
              ...(clone
                ? { name: `Copy of ${plan.name}`, current: false }
                : { planId: plan.planId, name: plan.name, current: plan.current }),
              locationId: plan.locationId,
              vehicles: plan.vehicles.map((v) => keyed(clone ? { ...v, vehicleId: undefined } : v)),
              coupons: plan.coupons.map((c) => keyed(clone ? { ...c, couponId: undefined } : c)),
              campaigns: plan.campaigns.map(keyed),
            }
          : {
              name: 'New plan',
              locationId: Number(params.get('location')) || 0,
              current: false,
              vehicles: [],
              coupons: [],
              campaigns: [],
            };
        return <Editor initial={draft} />;
      }}
    </OpenedEditor>
  );
}

function Editor({ initial }: { initial: Draft }) {
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [, setParams] = useSearchParams();
  const page: Page = (PAGES as readonly string[]).includes(hash.slice(1)) ? (hash.slice(1) as Page) : 'plan';
  const locations = useLocationOptions();
  const [draft, setDraft] = useState(initial);
  const planId = useRef(initial.planId);
  const locationId =
    draft.locationId || locations.data?.locations.find((l) => l.code === locations.data?.defaultCode)?.id || 0;
  const plans = useActionQuery(loadPlans, { locationId, view: 'rows', limit: 100 }, { enabled: !!locationId });

  const autosave = useAutosave({
    reload: [loadPlans],
    created: () => planId.current !== undefined,
    save: (value: Draft, revision, signal) =>
      callAction(
        savePlan,
        {
          ...value,
          revision,
          planId: planId.current,
          locationId: value.locationId || locationId,
          vehicles: value.vehicles.map(strip),
          coupons: value.coupons.map(strip),
          campaigns: value.campaigns.map(strip),
        },
        undefined,
        signal,
      ),
    onSaved: (reply, value) => {
      // A newer change was stored first (another tab, or a save that overtook this one): nothing to take.
      if (!reply.written) return;
      if (planId.current === undefined) {
        planId.current = reply.planId;
        setParams({ plan: String(reply.planId), view: page }, { replace: true });
      }
      // The saved items' ids, by the key each had when sent, so the next save updates them in place.
      const ids = new Map([
        ...value.vehicles.map((v, i) => [v.key, reply.vehicleIds[i]] as const),
        ...value.coupons.map((c, i) => [c.key, reply.couponIds[i]] as const),
      ]);
      setDraft((d) => ({
        ...d,
        planId: reply.planId,
        vehicles: d.vehicles.map((v) => (ids.has(v.key) ? { ...v, vehicleId: ids.get(v.key) } : v)),
        coupons: d.coupons.map((c) => (ids.has(c.key) ? { ...c, couponId: ids.get(c.key) } : c)),
      }));
      void plans.refetch();
    },
    onError: (error) => {
      if (isActionError(error) && error.errors[0])
        showAlert(`There was an error submitting your data: ${error.errors[0]}`, 'The plan was not saved');
      else if (isActionError(error))
        notify({
          type: 'error',
          title: `${error.status} ${error.statusText}`.trim(),
          message: errorMessage(error),
          duration: 6000,
        });
    },
  });
  const change = (next: Draft, delay = 0) => {
    setDraft(next);
    autosave.change(next, delay);
  };
  const list = <K extends 'vehicles' | 'coupons' | 'campaigns'>(key: K) => ({
    items: draft[key],
    set: (items: Draft[K], delay?: number) => change({ ...draft, [key]: items }, delay),
  });

  return (
    <div className="plan-editor">
      <Stack gap="md">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={1} size="h2">
              {draft.name || 'Marketing plan'}
            </Title>
            {draft.current && <Badge color="teal">Active</Badge>}
          </Group>
          <Group gap="xs">
            <AutosaveStatus state={autosave.state} />
            <Select
              aria-label="Plan"
              className="plan-selector"
              placeholder="Other plans"
              w={220}
              value={draft.planId ? String(draft.planId) : null}
              data={(plans.data?.rows ?? []).map((p) => ({
                value: String(p.planId),
                label: `${p.name}${p.current ? ' (active)' : ''}`,
              }))}
              onChange={(v) =>
                v && Number(v) !== draft.planId && (window.location.href = `/marketing/plans/edit?plan=${v}&view=plan`)
              }
            />
            <Button variant="default" component={Link} to={`/marketing/plans/?location=${locationId}`}>
              All plans
            </Button>
          </Group>
        </Group>
        <Tabs value={page} onChange={(v) => navigate({ hash: `#${v}` }, { replace: true })}>
          <Tabs.List>
            <Tabs.Tab value="plan">Plan</Tabs.Tab>
            <Tabs.Tab value="vehicles">Vehicles ({draft.vehicles.length})</Tabs.Tab>
            <Tabs.Tab value="coupons">Coupons ({draft.coupons.length})</Tabs.Tab>
            <Tabs.Tab value="campaigns">Campaigns ({draft.campaigns.length})</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {PAGES.map((p) => (
          <Transition key={p} mounted={page === p} transition="slide-left" duration={200} keepMounted={false}>
            {(style) => (
              <div style={style} className={`plan-page plan-page-${p}`} hidden={page !== p}>
                {p === 'plan' && (
                  <Card withBorder>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
                      <TextInput
                        label="Name"
                        value={draft.name}
                        onChange={(e) => change({ ...draft, name: e.currentTarget.value }, 800)}
                      />
                      <Select
                        label="Location"
                        searchable
                        data={(locations.data?.locations ?? []).map((l) => ({
                          value: String(l.id),
                          label: `${l.name} (${l.code})`,
                        }))}
                        value={locationId ? String(locationId) : null}
                        onChange={(v) => v && change({ ...draft, locationId: Number(v) })}
                      />
                    </SimpleGrid>
                    <Switch
                      mt="sm"
                      label="Active"
                      description={
                        draft.current
                          ? "This is the store's active plan; make another plan active to replace it."
                          : "Make this the store's plan for the month."
                      }
                      checked={draft.current}
                      disabled={draft.current}
                      onChange={(e) => change({ ...draft, current: e.currentTarget.checked })}
                    />
                    {draft.planId && (
                      <Group mt="md">
                        <Button
                          variant="default"
                          leftSection={<IconCopy size={16} />}
                          onClick={() =>
                            (window.location.href = `/marketing/plans/edit?plan=${draft.planId}&view=plan&clone=true`)
                          }
                        >
                          Duplicate plan
                        </Button>
                        <Button
                          color="red"
                          variant="light"
                          leftSection={<IconTrash size={16} />}
                          onClick={async () => {
                            const store = await deletePlanAsked({ planId: draft.planId!, name: draft.name });
                            if (store !== null) navigate(`/marketing/plans/?location=${store}`);
                          }}
                        >
                          Delete plan
                        </Button>
                      </Group>
                    )}
                  </Card>
                )}
                {p === 'vehicles' && (
                  <ItemList kind="vehicle" {...list('vehicles')} make={newVehicle} planId={draft.planId} />
                )}
                {p === 'coupons' && (
                  <ItemList kind="coupon" {...list('coupons')} make={newCoupon} planId={draft.planId} />
                )}
                {p === 'campaigns' && (
                  <ItemList kind="campaign" {...list('campaigns')} make={newCampaign} planId={draft.planId} />
                )}
              </div>
            )}
          </Transition>
        ))}
      </Stack>
    </div>
  );
}

const FIELDS = {
  vehicle: [
    'year',
    'make',
    'model',
    'amount',
    'term',
    'down',
    'image',
    'inventoryUrl',
    'gubagooOfferId',
    'campaignTags',
    'description',
    'disclaimer',
  ],
  coupon: [
    'product',
    'leadingText',
    'price',
    'trailingText',
    'savings',
    'retailPrice',
    'promoPrice',
    'promoCode',
    'image',
    'gubagooOfferId',
    'campaignTags',
    'description',
    'disclaimer',
  ],
  campaign: ['name', 'startTime', 'endTime', ...CAMPAIGN_METRICS, 'attachment', 'description', 'disclaimer'],
} as const;
const TYPES = { vehicle: PLAN_VEHICLE_TYPES, coupon: PLAN_COUPON_TYPES, campaign: CAMPAIGN_TYPES };
const TITLES: Record<string, string> = {
  inventoryUrl: 'Inventory URL',
  gubagooOfferId: 'Gubagoo offer',
  cpc: 'CPC',
  cpr: 'CPR',
};
const LONG = new Set(['description', 'disclaimer']);

type AnyItem = Keyed<Record<string, unknown>>;
const nameOf = (kind: keyof typeof FIELDS, item: AnyItem) =>
  (kind === 'vehicle'
    ? `${item.year} ${item.make} ${item.model}`.trim()
    : String((kind === 'coupon' ? item.product : item.name) || '')) || `New ${kind}`;

/** A page of vehicles, coupons or campaigns: each added, edited, duplicated and deleted (both asked first). */
function ItemList<T extends AnyItem>({
  kind,
  items,
  set,
  make,
  planId,
}: {
  kind: keyof typeof FIELDS;
  items: T[];
  set: (items: T[], delay?: number) => void;
  make: () => unknown;
  planId?: number;
}) {
  const [ad, setAd] = useState<{
    vehicleId?: number;
    couponId?: number;
    headline: string;
    message: string;
    link: string;
    budget: number;
  } | null>(null);
  useEffect(() => {
    if (ad) openModal('facebook-ad');
  }, [ad]);
  const update = (index: number, field: string, value: unknown, delay = 800) =>
    set(
      items.map((item, i) => (i === index ? { ...item, [field]: value } : item)),
      delay,
    );
  const field = (item: T, index: number, f: string) => {
    const label = TITLES[f] ?? fieldLabel(f);
    if (f === 'campaignTags')
      return (
        <TextInput
          key={f}
          size="xs"
          label="Campaign tags"
          value={(item[f] as string[]).join(', ')}
          onChange={(e) =>
            update(
              index,
              f,
              e.currentTarget.value
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            )
          }
        />
      );
    if (f === 'year' || (CAMPAIGN_METRICS as readonly string[]).includes(f))
      return (
        <NumberInput
          key={f}
          size="xs"
          label={label}
          value={(item[f] as number) ?? 0}
          decimalScale={2}
          min={0}
          onChange={(v) => update(index, f, typeof v === 'number' ? v : 0)}
        />
      );
    if ((f === 'startTime' || f === 'endTime') && item.allMonth) return null;
    if (f === 'startTime' || f === 'endTime')
      return (
        <TextInput
          key={f}
          size="xs"
          type="datetime-local"
          label={label}
          value={String(item[f] ?? '')}
          onChange={(e) => update(index, f, e.currentTarget.value || undefined)}
        />
      );
    const Input = LONG.has(f) ? Textarea : TextInput;
    return (
      <Input
        key={f}
        size="xs"
        label={label}
        value={String(item[f] ?? '')}
        onChange={(e) => update(index, f, e.currentTarget.value || undefined)}
      />
    );
  };
  return (
    <Stack gap="sm" className={`plan-${kind}s`}>
      {items.length === 0 && (
        <Text c="dimmed" size="sm">
          No {kind}s yet.
        </Text>
      )}
      {items.map((item, index) => (
        <Card key={item.key} withBorder className={`plan-${kind}`}>
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{nameOf(kind, item)}</Text>
            <Group gap={4}>
              {kind !== 'campaign' && planId && (item.vehicleId || item.couponId) ? (
                <ActionIcon
                  variant="subtle"
                  aria-label={`Create a Facebook ad from ${nameOf(kind, item)}`}
                  onClick={() =>
                    setAd({
                      vehicleId: item.vehicleId as number | undefined,
                      couponId: item.couponId as number | undefined,
                      headline: nameOf(kind, item).slice(0, 40),
                      message: String(item.description ?? ''),
                      link: String(item.inventoryUrl ?? ''),
                      budget: 25,
                    })
                  }
                >
                  <IconBrandFacebook size={18} />
                </ActionIcon>
              ) : null}
              <ActionIcon
                variant="subtle"
                aria-label={`Duplicate ${nameOf(kind, item)}`}
                onClick={async () => {
                  if (await confirm({ message: `Duplicate ${nameOf(kind, item)}?`, confirmLabel: 'Duplicate' }))
                    set(
                      [
                        ...items.slice(0, index + 1),
                        { ...item, key: randomId(), vehicleId: undefined, couponId: undefined },
                        ...items.slice(index + 1),
                      ],
                      0,
                    );
                }}
              >
                <IconCopy size={18} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${nameOf(kind, item)}`}
                onClick={async () => {
                  if (
                    await confirm({
                      message: `Are you sure you want to delete ${nameOf(kind, item)}?`,
                      confirmLabel: 'Delete',
                      danger: true,
                    })
                  )
                    set(
                      items.filter((_, i) => i !== index),
                      0,
                    );
                }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <Select
              size="xs"
              label="Type"
              data={[...TYPES[kind]]}
              value={String(item.type)}
              onChange={(v) => v && update(index, 'type', v, 0)}
            />
            {FIELDS[kind].map((f) => field(item, index, f))}
          </SimpleGrid>
          <Group gap="md" mt="xs">
            {kind !== 'campaign' && (
              <Switch
                size="xs"
                label="Live"
                checked={Boolean(item.live)}
                onChange={(e) => update(index, 'live', e.currentTarget.checked, 0)}
              />
            )}
            {kind === 'vehicle' && (
              <Switch
                size="xs"
                label="Featured"
                checked={Boolean(item.featured)}
                onChange={(e) => update(index, 'featured', e.currentTarget.checked, 0)}
              />
            )}
            {kind === 'campaign' && (
              <Switch
                size="xs"
                label="All month"
                checked={Boolean(item.allMonth)}
                onChange={(e) => update(index, 'allMonth', e.currentTarget.checked, 0)}
              />
            )}
          </Group>
        </Card>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        style={{ alignSelf: 'flex-start' }}
        onClick={() => set([...items, make() as T], 0)}
      >
        Add {kind}
      </Button>
      {planId && ad && (
        <IdModal id="facebook-ad" title="Create a Facebook ad" onClose={() => setAd(null)}>
          <Stack gap="xs">
            <TextInput
              label="Headline"
              value={ad.headline}
              maxLength={40}
              onChange={(e) => setAd({ ...ad, headline: e.currentTarget.value })}
            />
            <Textarea
              label="Primary text"
              value={ad.message}
              onChange={(e) => setAd({ ...ad, message: e.currentTarget.value })}
            />
            <TextInput label="Link" value={ad.link} onChange={(e) => setAd({ ...ad, link: e.currentTarget.value })} />
            <NumberInput
              label="Daily budget"
              prefix="$"
              min={1}
              value={ad.budget}
              onChange={(v) => setAd({ ...ad, budget: Number(v) || 0 })}
            />
            <Text size="xs" c="dimmed">
              The ad is created paused; start it in Ads Manager once it is reviewed.
            </Text>
            <Group justify="flex-end">
              <Button
                onClick={async () => {
                  try {
                    const { reference } = await callAction(createFacebookAd, { planId, ...ad });
                    notifySuccess(`Ad created (${reference}).`);
                    closeModal('facebook-ad');
                  } catch (error) {
                    showAlert(`There was an error: ${errorMessage(error)}`, 'The ad was not created');
                  }
                }}
              >
                Create ad
              </Button>
            </Group>
          </Stack>
        </IdModal>
      )}
    </Stack>
  );
}
