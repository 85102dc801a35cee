/** Text safe inside HTML, in an element or a quoted attribute. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
