import { Text, Textarea, type TextareaProps } from '@mantine/core';
import { countText, formatNumber } from '../../shared/format';

const plural = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? '' : 's'}`;

/** A text area with character, word and line counters under it (seed 000, section 2). */
export function CountedTextarea({ value, ...props }: TextareaProps & { value?: string }) {
  const { characters, words, lines } = countText(value ?? '');
  return (
    <div>
      <Textarea autosize minRows={3} {...props} value={value} />
      <Text size="xs" c="dimmed" mt={4} className="text-counter" aria-live="polite">
        {plural(characters, 'character')} · {plural(words, 'word')} · {plural(lines, 'line')}
        {props.maxLength ? ` (at most ${formatNumber(props.maxLength)} characters)` : ''}
      </Text>
    </div>
  );
}
