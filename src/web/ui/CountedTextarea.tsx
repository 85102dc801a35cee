import { Text, Textarea, type TextareaProps } from '@mantine/core';
import { countText, formatNumber } from '../../shared/format';

const plural = (n: number, one: string) => `${formatNumber(n)} ${one}${n === 1 ? '' : 's'}`;

/** A text area with character, word and line counters under it (seed 000, section 2). */
export function CountedTextarea(props: TextareaProps & { value: string }) {
  const { characters, words, lines } = countText(props.value);
  return (
    <Textarea
      autosize
      minRows={3}
      {...props}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
      description={
        <Text span size="xs" c="dimmed" className="text-counter" aria-live="polite">
          {plural(characters, 'character')} · {plural(words, 'word')} · {plural(lines, 'line')}
        </Text>
      }
    />
  );
}
