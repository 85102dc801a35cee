import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, Anchor, Center, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconArrowLeft } from '@tabler/icons-react';
import { errorMessage } from '../../web/api';
import { useCan } from '../../web/shell/session';
import type { InputOf, OutputOf } from '../../shared/contract';
import {
  loadLocation,
  loadLocations,
  loadShortcodes,
  locationOptions,
  saveLocation,
  type Location,
} from './locations.contract';
import { ShortcodesPanel } from './ShortcodesPanel';
import { reloadAction, useActionQuery } from '../../web/ui/useActionQuery';

/**
 * What location edit and location service edit share: the location loaded from `?id=`, the tabs
 * between the two screens, and the shortcodes panel. `children` gets the location (none when new).
 */
export function LocationFrame({
  className,
  tab,
  children,
}: {
  className: string;
  tab: 'edit' | 'service';
  children: (location: Location | undefined, canEdit: boolean) => ReactNode;
}) {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const navigate = useNavigate();
  const canEdit = useCan('accessAdmin');
  const location = useActionQuery(loadLocation, { locationId: id }, { enabled: id > 0, staleTime: 0 });
  const loc = location.data?.location;

  let body: ReactNode;
  if (id && location.isPending)
    body = (
      <Center h={240}>
        <Loader aria-label="Loading" />
      </Center>
    );
  else if (id && location.isError)
    body = (
      <Alert color="red" title="This location could not be loaded">
        {errorMessage(location.error)}
      </Alert>
    );
  else body = children(loc, canEdit);

  return (
    <div className={className}>
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to="/locations/" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              Locations
            </Group>
          </Anchor>
          <Title order={1} size="h2">
            {id ? (loc ? `${loc.name} (${loc.code})` : 'Location') : 'Add location'}
          </Title>
          {!canEdit && (
            <Text size="sm" c="dimmed">
              You can view this location; changes need the access admin permission.
            </Text>
          )}
        </div>
        {id > 0 && (
          <Tabs value={tab} onChange={(next) => navigate(`/locations/${next}?id=${id}`)}>
            <Tabs.List>
              <Tabs.Tab value="edit">Location</Tabs.Tab>
              <Tabs.Tab value="service">Service</Tabs.Tab>
            </Tabs.List>
          </Tabs>
        )}
        {body}
        {loc && <ShortcodesPanel locationId={loc.id} />}
      </Stack>
    </div>
  );
}

/** Saving the fields sent: the location, its shortcodes, the pickers and the list all show the change. */
export function useSaveLocationOptions(success: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    success,
    reload: [loadLocations, locationOptions],
    onSuccess: (data: OutputOf<typeof saveLocation>, input: InputOf<typeof saveLocation>) => {
      if (!input.locationId) navigate(`/locations/edit?id=${data.locationId}`, { replace: true });
      void reloadAction(queryClient, loadLocation, { locationId: data.locationId });
      void reloadAction(queryClient, loadShortcodes, { locationId: data.locationId });
    },
  };
}
