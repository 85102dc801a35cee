import { escapeHtml } from '../../shared/html';
import { fillShortcodes, shortcodesOf } from '../locations/locations.api';
import type { locations } from '../locations/locations.db';

/** A page's words: the content engine's item, or build-page's payload. */
interface PageWords {
  title: string;
  description?: string;
  content: string;
}

/**
 * A page as the website gets it: the store's shortcodes filled in, the title as its heading, the
 * description under it and each paragraph (a blank line apart) as one; the text escaped.
 */
export function compilePage(words: PageWords, location: typeof locations.$inferSelect) {
  const codes = shortcodesOf(location);
  const fill = (text: string) => fillShortcodes(text, codes);
  const title = fill(words.title);
  const description = fill(words.description ?? '');
  const paragraphs = fill(words.content)
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${escapeHtml(p).replaceAll('\n', '<br>')}</p>`);
  const html = [
    `<h1>${escapeHtml(title)}</h1>`,
    description && `<p class="page-description">${escapeHtml(description)}</p>`,
    ...paragraphs,
  ]
    .filter(Boolean)
    .join('\n');
  return { title, description, html };
}
