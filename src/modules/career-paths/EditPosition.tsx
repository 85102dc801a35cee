import { useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  ActionIcon,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { callAction, errorMessage, isActionError, networkMessage } from '../../web/api';
import { confirm, showAlert } from '../../web/ui/modals';
import { notify, notifySuccess } from '../../web/ui/notify';
import { reloadActions, useActionQuery } from '../../web/ui/useActionQuery';
import { describeIssues } from '../../shared/validation';
import {
  DELETE_POSITION_QUESTION,
  deletePosition,
  loadPosition,
  loadPositions,
  POSITION_DELETE_FAILED,
  POSITION_SAVE_FAILED,
  POSITION_SAVED,
  savePosition,
  savePositionInput,
  type PositionRecord,
} from './career-paths.contract';

interface Requirement {
  requirementId?: number;
  name: string;
  description: string;
  key: string;
}

let keys = 0;
const nextKey = () => `new-${++keys}`;

/** A network failure is a notification with the status; anything else an alert with the spec's prefix. */
function failed(prefix: string, error: unknown) {
  if (isActionError(error) && error.network)
    notify({ type: 'error', title: prefix.replace(/: $/, ''), message: networkMessage(error) });
  else showAlert(prefix + errorMessage(error));
}

function PositionForm({ record }: { record?: PositionRecord }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const all = useActionQuery(loadPositions, {});
  const [positionId, setPositionId] = useState(record?.positionId);
  const [name, setName] = useState(record?.name ?? '');
  const [department, setDepartment] = useState(record?.department ?? '');
  const [description, setDescription] = useState(record?.description ?? '');
  const [requirements, setRequirements] = useState<Requirement[]>(
    (record?.requirements ?? []).map((r) => ({ ...r, key: String(r.requirementId) })),
  );
  const [children, setChildren] = useState<string[]>((record?.children ?? []).map((c) => String(c.positionId)));
  // Seed 000: the updating flag stops a second save while one is under way.
  const updating = useRef(false);
  const [busy, setBusy] = useState(false);
  const setRequirement = (i: number, patch: Partial<Requirement>) =>
    setRequirements((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (i: number, by: number) =>
    setRequirements((rs) => {
      const next = [...rs];
      [next[i], next[i + by]] = [next[i + by], next[i]];
      return next;
    });

  const save = async () => {
    if (updating.current) return;
    const input = {
      positionId,
      name,
      department,
      description,
      requirements: requirements.map((r, order) => ({
        requirementId: r.requirementId,
        name: r.name,
        description: r.description,
        order,
      })),
      children: children.map((id, order) => ({ positionId: Number(id), order })),
    };
    const checked = savePositionInput.safeParse(input);
    if (!checked.success)
      return showAlert(POSITION_SAVE_FAILED + describeIssues(checked.error, savePositionInput).sentences[0]);
    updating.current = true;
    setBusy(true);
    try {
      const reply = await callAction(savePosition, input);
      setPositionId(reply.positionId);
      setRequirements((rs) => rs.map((r, i) => ({ ...r, requirementId: reply.requirementIds[i] })));
      reloadActions(queryClient, loadPositions, loadPosition);
      notifySuccess(POSITION_SAVED);
      if (!positionId) navigate(`/employees/career-paths/edit-position?id=${reply.positionId}`, { replace: true });
    } catch (error) {
      failed(POSITION_SAVE_FAILED, error);
    } finally {
      updating.current = false;
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!positionId || !(await confirm({ message: DELETE_POSITION_QUESTION, confirmLabel: 'Delete', danger: true })))
      return;
    try {
      await callAction(deletePosition, { positionId });
      reloadActions(queryClient, loadPositions);
      // Seed 000: after deleting a position the user returns to the career paths home.
      navigate('/employees/career-paths/');
    } catch (error) {
      failed(POSITION_DELETE_FAILED, error);
    }
  };
  const others = (all.data?.positions ?? [])
    .filter((p) => p.positionId !== positionId)
    .map((p) => ({ value: String(p.positionId), label: p.name }));
  return (
    <Paper withBorder p="md" component="form" onSubmit={(e) => (e.preventDefault(), void save())}>
      <Stack>
        <Group grow align="flex-start">
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <TextInput
            label="Department"
            required
            value={department}
            onChange={(e) => setDepartment(e.currentTarget.value)}
          />
        </Group>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <MultiSelect
          label="Leads to"
          placeholder="Type to search..."
          searchable
          data={others}
          value={children}
          onChange={setChildren}
        />
        <Title order={3} size="h4">
          Requirements
        </Title>
        {requirements.map((r, i) => (
          <Paper key={r.key} withBorder p="sm" className="position-requirement">
            <Group align="flex-end" wrap="nowrap">
              <Stack gap="xs" style={{ flex: 1 }}>
                <TextInput
                  label={`Requirement ${i + 1}`}
                  required
                  value={r.name}
                  onChange={(e) => setRequirement(i, { name: e.currentTarget.value })}
                />
                <TextInput
                  label={`Requirement ${i + 1} description`}
                  value={r.description}
                  onChange={(e) => setRequirement(i, { description: e.currentTarget.value })}
                />
              </Stack>
              <Stack gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move requirement ${i + 1} up`}
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move requirement ${i + 1} down`}
                  disabled={i === requirements.length - 1}
                  onClick={() => move(i, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove requirement ${i + 1}`}
                  onClick={() => setRequirements((rs) => rs.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Stack>
            </Group>
          </Paper>
        ))}
        {requirements.length === 0 && (
          <Text c="dimmed" size="sm">
            No requirements yet.
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => setRequirements((rs) => [...rs, { name: '', description: '', key: nextKey() }])}
          >
            Add requirement
          </Button>
          <Group gap="xs">
            {positionId && (
              <Button variant="subtle" color="red" onClick={() => void remove()} disabled={busy}>
                Delete position
              </Button>
            )}
            <Button type="submit" loading={busy}>
              Save position
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

/** edit-position: a position, its requirements in order and the positions it leads to. */
export default function EditPosition() {
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || undefined;
  const loaded = useActionQuery(loadPosition, { positionId: id ?? 0 }, { enabled: !!id, gcTime: 0 });
  return (
    <Stack className="edit-position" maw={860}>
      <Title order={2}>
        {id ? `Edit position${loaded.data ? `: ${loaded.data.position.name}` : ''}` : 'Add position'}
      </Title>
      {id && !loaded.data ? (
        loaded.error ? (
          <Text c="red">{errorMessage(loaded.error)}</Text>
        ) : (
          <Loader aria-label="Loading the position" />
        )
      ) : (
        <PositionForm key={loaded.data?.position.positionId ?? 'new'} record={loaded.data?.position} />
      )}
    </Stack>
  );
}
