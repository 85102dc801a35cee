/**
 * Undo and redo of the builder: every state of the page kept in order. Typing in one field makes one
 * step, not one per key: a change to the same field within `mergeMs` of the last replaces it.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The field the last step changed, and when: the next change to it within mergeMs joins that step. */
  last?: { key: string; at: number };
}

export const startHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function record<T>(h: History<T>, next: T, key: string, now = Date.now(), mergeMs = 1000): History<T> {
  const merge = h.last && h.last.key === key && now - h.last.at < mergeMs;
  return {
    past: merge ? h.past : [...h.past, h.present].slice(-100),
    present: next,
    future: [],
    last: { key, at: now },
  };
}

export function undo<T>(h: History<T>): History<T> {
  if (h.past.length === 0) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1], future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (h.future.length === 0) return h;
  return { past: [...h.past, h.present], present: h.future[0], future: h.future.slice(1) };
}
