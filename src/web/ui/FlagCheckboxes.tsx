import { Checkbox, SimpleGrid } from '@mantine/core';
import { flagLabels, type Flag } from '../../shared/permissions';

interface FlagCheckboxesProps<F extends Flag> {
  flags: readonly F[];
  checked: Partial<Record<F, boolean>>;
  onChange: (flag: F, checked: boolean) => void;
  /** Flags another source already grants (a user's job code): shown, so nobody grants them twice. */
  granted?: readonly Flag[];
  grantedBy?: string;
  disabled?: boolean;
  /** The flags the person editing holds: only those can be given or taken away (the others are shown, disabled). */
  held?: readonly Flag[];
}

/** One checkbox per permission flag, labelled from the catalogue; each is sent as 1 or 0. */
export function FlagCheckboxes<F extends Flag>({ flags, checked, onChange, granted = [], grantedBy, disabled, held }: FlagCheckboxesProps<F>) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      {flags.map((flag) => (
        <Checkbox
          key={flag}
          name={flag}
          label={flagLabels[flag]}
          description={granted.includes(flag) ? `Granted by ${grantedBy ?? 'the job code'}` : held && !held.includes(flag) ? 'You do not hold this permission' : undefined}
          checked={!!checked[flag]}
          disabled={disabled || (held && !held.includes(flag))}
          onChange={(e) => onChange(flag, e.currentTarget.checked)}
        />
      ))}
    </SimpleGrid>
  );
}
