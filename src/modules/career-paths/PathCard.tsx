/**
 * One career path as a card: its tasks as checkboxes and two progress bars, the share of all tasks
 * checked and the share approved (seed 000, section 4). The employee's checkbox is "checked" and an
 * approved task is locked; the approver's checkbox is "approved", and any task may be toggled.
 */
import { Badge, Button, Checkbox, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { PathRecord, Task } from './career-paths.contract';

export type PathMode = 'employee' | 'approver';

interface PathCardProps {
  path: PathRecord;
  mode: PathMode;
  busy: boolean;
  /** The goals the card's checkboxes now say, and the relocation answer. */
  onChange: (goals: number[], willingToRelocate: boolean) => void;
  onDelete?: () => void;
  highlight?: boolean;
}

const statusBadge: Record<Task['status'], { color: string; label: string }> = {
  unchecked: { color: 'gray', label: 'To do' },
  checked: { color: 'blue', label: 'Checked' },
  approved: { color: 'teal', label: 'Approved' },
};

/** The goals a card sends: the checked ones (employee) or the approved ones (approver). */
function goalsOf(tasks: Task[], mode: PathMode): number[] {
  return tasks
    .filter((t) => (mode === 'approver' ? t.status === 'approved' : t.status !== 'unchecked'))
    .map((t) => t.requirementId);
}

export function PathCard({ path, mode, busy, onChange, onDelete, highlight }: PathCardProps) {
  const goals = goalsOf(path.tasks, mode);
  const toggle = (task: Task, on: boolean) =>
    onChange(
      on ? [...goals, task.requirementId] : goals.filter((id) => id !== task.requirementId),
      path.willingToRelocate,
    );
  return (
    <Paper
      withBorder
      p="md"
      className="career-path"
      data-path={path.pathId}
      shadow={highlight ? 'md' : undefined}
      aria-label={`${path.userName}: ${path.positionName}`}
      component="section"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Title order={3} size="h4">
              {path.positionName}
            </Title>
            <Text size="sm" c="dimmed">
              {mode === 'approver' ? `${path.userName} · ` : ''}
              {path.department}
            </Text>
          </div>
          {onDelete && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
              disabled={busy}
            >
              Delete path
            </Button>
          )}
        </Group>
        <Stack gap={4}>
          <Text size="xs">Checked: {path.checkedPercent}%</Text>
          <Progress value={path.checkedPercent} color="blue" aria-label={`Checked ${path.checkedPercent}%`} />
          <Text size="xs">Approved: {path.approvedPercent}%</Text>
          <Progress value={path.approvedPercent} color="teal" aria-label={`Approved ${path.approvedPercent}%`} />
        </Stack>
        <Stack gap="xs">
          {path.tasks.map((task) => (
            <Group key={task.requirementId} justify="space-between" wrap="nowrap" className="career-task">
              <Checkbox
                label={task.name}
                description={task.description || undefined}
                checked={mode === 'approver' ? task.status === 'approved' : task.status !== 'unchecked'}
                // Seed 000: on the paths screen an approved task cannot be toggled.
                disabled={busy || (mode === 'employee' && task.status === 'approved')}
                onChange={(e) => toggle(task, e.currentTarget.checked)}
              />
              <Badge variant="light" color={statusBadge[task.status].color}>
                {statusBadge[task.status].label}
              </Badge>
            </Group>
          ))}
          {path.tasks.length === 0 && (
            <Text size="sm" c="dimmed">
              This position has no requirements yet.
            </Text>
          )}
        </Stack>
        <Checkbox
          label="Willing to relocate"
          checked={path.willingToRelocate}
          disabled={busy}
          onChange={(e) => onChange(goals, e.currentTarget.checked)}
        />
      </Stack>
    </Paper>
  );
}
