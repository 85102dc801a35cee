import { Checkbox, SimpleGrid } from '@mantine/core';
import { flagLabels, type Flag } from '../../shared/permissions';

interface FlagCheckboxesProps<F extends Flag> {
  flags: readonly F[];
  checked: Partial<Record<F, boolean>>;
  onChange: (flag: F, checked: boolean) => void;
  /**
   * Flags another source already grants (a user's job code): shown ticked and locked, saying where
   * they come from. Ticked as the user's own too, the box stays free: unticking takes back only that.
   */
  granted?: readonly Flag[];
  grantedBy?: string;
  disabled?: boolean;
  /** The flags the person editing holds: only those can be given or taken away (the others are shown, disabled). */
  held?: readonly Flag[];
}

/** One checkbox per permission flag, labelled from the catalogue; each is sent as 1 or 0. */
export function FlagCheckboxes<F extends Flag>({
  flags,
  checked,
  onChange,
  granted = [],
  grantedBy = 'the job code',
  disabled,
  held,
}: FlagCheckboxesProps<F>) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
      {flags.map((flag) => {
        const own = !!checked[flag];
        const inherited = granted.includes(flag);
        const describe = () => {
          if (inherited) return own ? `Also from ${grantedBy}` : `From ${grantedBy}`;
          return held && !held.includes(flag) ? 'You do not hold this permission' : undefined;
        };
        return (
          <Checkbox
            key={flag}
            name={flag}
            label={flagLabels[flag]}
            description={describe()}
            checked={own || inherited}
            disabled={disabled || (inherited && !own) || (held && !held.includes(flag))}
            data-granted={inherited || undefined}
            onChange={(e) => onChange(flag, e.currentTarget.checked)}
          />
        );
      })}
    </SimpleGrid>
  );
}
