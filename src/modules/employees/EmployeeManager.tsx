import { useState } from 'react';
import { Anchor, Avatar, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { callAction } from '../../web/api';
import { ListScreen } from '../../web/ui/ListScreen';
import { openModal } from '../../web/ui/modals';
import { RecordModal } from '../../web/ui/RecordModal';
import { formatDate, formatPhone } from '../../shared/format';
import type { RowOf } from '../../shared/contract';
import { employeeColumns, listDepartments, loadEmployee, loadEmployees, type Employee } from './employees.contract';
import { useActionQuery } from '../../web/ui/useActionQuery';

type EmployeeRow = RowOf<typeof loadEmployees>;

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm">{children || '—'}</Text>
    </div>
  );
}

function EmployeeDetail({ employee }: { employee: Employee }) {
  const name = `${employee.firstName} ${employee.lastName}`;
  return (
    <Stack className="employee-detail">
      <Group wrap="nowrap">
        {/* The photo host may have no picture for this number: the avatar then shows initials. */}
        <Avatar src={employee.photoUrl} name={name} color="initials" size={88} radius="xl" alt={`Photo of ${name}`} />
        <div>
          <Text fw={700} size="lg">
            {name}
          </Text>
          <Text c="dimmed">{employee.title}</Text>
          <Badge mt={4} color={employee.active ? 'teal' : 'gray'} variant="light">
            {employee.active ? 'Active' : 'Inactive'}
          </Badge>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <Detail label="Employee number">{employee.employeeNumber}</Detail>
        <Detail label="Department">{employee.department}</Detail>
        <Detail label="Location">{employee.locationName}</Detail>
        <Detail label="Hired">{formatDate(employee.hiredOn)}</Detail>
        <Detail label="Phone">
          {employee.primaryPhone && (
            <Anchor href={`tel:${employee.primaryPhone}`}>{formatPhone(employee.primaryPhone)}</Anchor>
          )}
        </Detail>
        <Detail label="Email">
          {employee.email && (
            <Anchor href={`mailto:${employee.email}`} style={{ overflowWrap: 'anywhere' }}>
              {employee.email}
            </Anchor>
          )}
        </Detail>
      </SimpleGrid>
    </Stack>
  );
}

/** employee-manager: the staff directory, searchable by name, number, title or email. */
export default function EmployeeManager() {
  const departments = useActionQuery(listDepartments, {}, { staleTime: 5 * 60_000 });
  const [selected, setSelected] = useState<EmployeeRow | null>(null);
  const show = (row: EmployeeRow) => {
    setSelected(row);
    openModal('employee-detail');
  };
  return (
    <ListScreen
      className="employee-manager"
      title="Employees"
      action={loadEmployees}
      noun={['employee', 'employees']}
      columns={employeeColumns}
      updateUrl
      filters={[
        { name: 'query', kind: 'search', placeholder: 'Name, number, title or email' },
        { name: 'locationId', kind: 'location' },
        { name: 'department', kind: 'select', data: departments.data?.departments ?? [] },
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
      rowKey={(row) => row.employeeNumber}
      rowLabel={(row) => `${row.firstName} ${row.lastName}`}
      cardTitle={(row) => `${row.firstName} ${row.lastName}`}
      onRowClick={show}
    >
      <RecordModal
        id="employee-detail"
        title={selected ? `${selected.firstName} ${selected.lastName}` : 'Employee'}
        size="md"
        recordKey={[selected?.employeeNumber]}
        load={() => callAction(loadEmployee, { employeeNumber: selected?.employeeNumber })}
      >
        {({ employee }) => <EmployeeDetail employee={employee} />}
      </RecordModal>
    </ListScreen>
  );
}
