import pg from 'pg';

export interface OutboxEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  status: string;
}

/**
 * The emails the platform queued, read from its email_outbox table through the embedded database's loopback port
 * (EMBEDDED_DB_PORT): what a user would find in their mailbox, without a test-only route in the product.
 */
export async function readOutbox(databaseUrl: string, to: string): Promise<OutboxEmail[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<OutboxEmail>(
      'select id, "to", subject, text, status from email_outbox where lower("to") = lower($1) order by id',
      [to],
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** The newest email to `to` whose text holds a link matching `pattern`, waiting briefly for it to be written. */
export async function waitForLink(databaseUrl: string, to: string, pattern: RegExp, afterId = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const emails = (await readOutbox(databaseUrl, to)).filter((e) => e.id > afterId);
    const link = emails.reverse().flatMap((e) => e.text.match(pattern) ?? [])[0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no email to ${to} with a link matching ${pattern}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The id of the newest email to `to` (0 when none), to tell a new email from older ones. */
export async function lastOutboxId(databaseUrl: string, to: string): Promise<number> {
  const emails = await readOutbox(databaseUrl, to);
  return emails.at(-1)?.id ?? 0;
}
