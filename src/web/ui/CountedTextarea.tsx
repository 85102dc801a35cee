import { Text, Textarea, type TextareaProps } from '@mantine/core';
import { countText, formatCount, formatNumber } from '../../shared/format';

/** A text area with character, word and line counters under it (seed 000, section 2). */
export function CountedTextarea({ value, ...props }: TextareaProps & { value?: string }) {
  const { characters, words, lines } = countText(value ?? '');
  return (
    <div>
      <Textarea autosize minRows={3} {...props} value={value} />
      <Text size="xs" c="dimmed" mt={4} className="text-counter" aria-live="polite">
        {formatCount(characters, 'character')} · {formatCount(words, 'word')} · {formatCount(lines, 'line')}
        {props.maxLength ? ` (at most ${formatNumber(props.maxLength)} characters)` : ''}
      </Text>
    </div>
  );
}
