import type { DB } from '../db/database.js';

/** The newest mail to an address in the dev outbox, with the first link of its text. */
export async function latestMail(db: DB, to: string) {
  const mail = await db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!mail) return undefined;
  const link = /https?:\/\/\S+/.exec(mail.text_body)?.[0];
  return { ...mail, link: link ? new URL(link) : undefined };
}

export function linkParams(link: URL | undefined) {
  if (!link) throw new Error('mail without link');
  return {
    email: link.searchParams.get('email') ?? '',
    expires: Number(link.searchParams.get('expires')),
    signature: link.searchParams.get('signature') ?? '',
  };
}
