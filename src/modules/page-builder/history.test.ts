import { describe, expect, it } from 'vitest';
import { record, redo, startHistory, undo } from './history';

describe("the builder's undo and redo", () => {
  it('undoes and redoes each step, and a new change drops what could be redone', () => {
    let h = startHistory('a');
    h = record(h, 'b', 'title', 0);
    h = record(h, 'c', 'slug', 5000);
    expect(undo(h).present).toBe('b');
    expect(undo(undo(h)).present).toBe('a');
    expect(undo(undo(undo(h))).present).toBe('a');
    expect(redo(undo(undo(h))).present).toBe('b');
    const branched = record(undo(h), 'd', 'title', 9000);
    expect(branched.future).toEqual([]);
    expect(redo(branched).present).toBe('d');
  });

  it('makes typing in one field one step, and a pause or another field a new one', () => {
    let h = startHistory('');
    for (const [i, text] of ['S', 'Sp', 'Spr', 'Spring'].entries()) h = record(h, text, 'title', i * 200);
    expect(h.past).toEqual(['']);
    h = record(h, 'Spring!', 'title', 5000);
    h = record(h, 'x', 'slug', 5100);
    expect(h.past).toEqual(['', 'Spring', 'Spring!']);
  });
});
