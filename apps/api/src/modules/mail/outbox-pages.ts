const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (body: string) =>
  `<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev outbox</title><body style="font-family:system-ui;max-width:760px;margin:32px auto;padding:0 16px;line-height:1.5"><h1>Dev outbox</h1>${body}</body>`;

/** For a loopback visitor without the key: where to find it (the 403's message). */
export const LOCKED_MESSAGE =
  'This outbox holds the sign-in links of every account, so it opens only with the key printed in the terminal where the server was started (the line "Dev outbox: …?token=…"). Open that address once in this browser; the outbox then stays open here.';

export function mailListPage(
  mails: { id: number; to_address: string; subject: string; created_at: Date }[],
): string {
  const items = mails
    .map(
      (m) =>
        `<li><a href="/dev/outbox/${m.id}">${escapeHtml(m.subject)}</a> — ${escapeHtml(m.to_address)} <small>${new Date(m.created_at).toISOString()}</small></li>`,
    )
    .join('');
  return page(
    `<p>Mail is kept here because SMTP_URL is not set.</p><ul>${items || '<li>No mail yet.</li>'}</ul>`,
  );
}
