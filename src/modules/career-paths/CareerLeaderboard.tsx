import { Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useActionQuery } from '../../web/ui/useActionQuery';
import { formatNumber } from '../../shared/format';
import { loadLeaderboard } from './career-paths.contract';

/** career-leaderboard: who has the most approved tasks within reach (load-leaderboard). */
export default function CareerLeaderboard() {
  const board = useActionQuery(loadLeaderboard, {});
  return (
    <Stack className="career-leaderboard">
      <Title order={2}>Career path leaderboard</Title>
      <Text size="sm" c="dimmed">
        Employees with the most tasks approved by their managers, then the most checked.
      </Text>
      {!board.data ? (
        <Loader aria-label="Loading the leaderboard" />
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {['#', 'Employee', 'Location', 'Paths', 'Tasks approved', 'Tasks checked'].map((c) => (
                  <Table.Th key={c} scope="col">
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {board.data.leaders.map((l, i) => (
                <Table.Tr key={l.userId}>
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>{l.name}</Table.Td>
                  <Table.Td>{l.locationName}</Table.Td>
                  <Table.Td>{formatNumber(l.pathCount)}</Table.Td>
                  <Table.Td>{formatNumber(l.approvedCount)}</Table.Td>
                  <Table.Td>{formatNumber(l.checkedCount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
