import { useNavigate } from 'react-router';
import { Badge, Button } from '@mantine/core';
import { IconClock, IconEdit, IconPlus } from '@tabler/icons-react';
import { useCan } from '../../web/shell/session';
import { ListScreen } from '../../web/ui/ListScreen';
import { loadLocations, locationColumns } from './locations.contract';
import { useLocationOptions } from '../../web/options/locationOptions';

/** location-manager: the group's locations; anyone can look, access admins can change them. */
export default function LocationManager() {
  const navigate = useNavigate();
  const canEdit = useCan('accessAdmin');
  const options = useLocationOptions();
  return (
    <ListScreen
      className="location-manager"
      title="Locations"
      action={loadLocations}
      noun={['location', 'locations']}
      columns={locationColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Code, name, dealership or city' },
        { name: 'region', kind: 'select', data: options.data?.regions ?? [] },
        {
          name: 'active',
          kind: 'select',
          placeholder: 'Any',
          data: [
            { value: '1', label: 'Active' },
            { value: '0', label: 'Inactive' },
          ],
        },
      ]}
      rowKey={(row) => row.id}
      rowLabel={(row) => row.name}
      onRowClick={(row) => navigate(`/locations/edit?id=${row.id}`)}
      rowActions={(row) => [
        {
          label: canEdit ? 'Edit location' : 'View location',
          icon: <IconEdit size={16} />,
          onClick: () => navigate(`/locations/edit?id=${row.id}`),
        },
        {
          label: canEdit ? 'Edit service settings' : 'View service settings',
          icon: <IconClock size={16} />,
          onClick: () => navigate(`/locations/service?id=${row.id}`),
        },
      ]}
      cells={{
        active: (row) => (
          <Badge color={row.active ? 'teal' : 'gray'} variant="light">
            {row.active ? 'Active' : 'Inactive'}
          </Badge>
        ),
      }}
      toolbar={
        canEdit && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/locations/edit')}>
            Add location
          </Button>
        )
      }
    />
  );
}
