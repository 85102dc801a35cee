/**
 * No group-scale data: positions are a catalogue of tens, and paths are at most a few per employee
 * (2,000 users); the screens read them per employee or per approver, never as a paged list.
 */
export {};
