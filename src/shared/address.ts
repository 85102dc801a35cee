/** An address of this server as the outside world reaches it (PUBLIC_URL): webhooks, links in texts, emails and quotes. */
export function publicAddress(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}
