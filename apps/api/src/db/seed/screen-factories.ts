import { sql } from 'drizzle-orm';
import { lexicalFromText, type ScreenBody } from '@aula/domain/activity-content';
import type { DbOrTx } from '../client';
import { activities, activityVersions, screens, screenVersions } from '../schema';
import { createActivity } from './catalogue-factories';

// Activities with screens (issue 4). Question and option ids come from the product-wide sequences, as the API's.

export async function nextId(db: DbOrTx, seq: 'question_id_seq' | 'option_id_seq'): Promise<number> {
  const res = await db.execute<{ id: number }>(sql`select nextval(${seq})::int as id`);
  return Number(res.rows[0]!.id);
}

/** A screen body of `blocks` blocks: a heading, then text and radio questions (one correct option each) in turn. */
export async function sampleScreenBody(
  db: DbOrTx,
  blocks = 3,
  opts: { mediaIds?: number[] } = {},
): Promise<ScreenBody> {
  const body: ScreenBody = { content: [], questions: [], media: [...(opts.mediaIds ?? [])], sensors: [] };
  for (let i = 0; i < blocks; i++) {
    if (i === 0) {
      body.content.push({
        id: `r${i}`,
        columns: [
          {
            id: `h${i}`,
            type: 'heading',
            sizes: { large: 24 },
            content: { text: lexicalFromText('Heading'), level: 2 },
          },
        ],
      });
    } else if (i % 2 === 1) {
      body.content.push({
        id: `r${i}`,
        columns: [
          { id: `t${i}`, type: 'text', sizes: { large: 24 }, content: { text: lexicalFromText(`Text block ${i}`) } },
        ],
      });
    } else {
      const qid = await nextId(db, 'question_id_seq');
      body.questions.push({
        id: qid,
        type: 'radio',
        text: lexicalFromText(`Question ${i}`) as ScreenBody['questions'][number]['text'],
        label: null,
        options: [
          { id: await nextId(db, 'option_id_seq'), option: 'Yes', is_correct: true },
          { id: await nextId(db, 'option_id_seq'), option: 'No', is_correct: false },
        ],
        media: [],
        random_order: 0,
      });
      body.content.push({
        id: `r${i}`,
        columns: [{ id: `q${i}`, type: 'question-radio', sizes: { large: 12 }, content: { question_id: qid } }],
      });
    }
  }
  for (const [i, id] of (opts.mediaIds ?? []).entries()) {
    body.content.push({
      id: `m${i}`,
      columns: [{ id: `mi${i}`, type: 'media-image', sizes: { large: 18 }, content: { media_id: id } }],
    });
  }
  return body;
}

/** One screen at the end of an activity's draft, with its current version. */
export async function createScreen(
  db: DbOrTx,
  v: { activityId: number; section?: number; position: number; body: ScreenBody; frozen?: boolean },
) {
  const [screen] = await db
    .insert(screens)
    .values({ activityId: v.activityId, section: v.section ?? 1, position: v.position })
    .returning();
  const [version] = await db
    .insert(screenVersions)
    .values({
      screenId: screen!.id,
      content: v.body.content,
      questions: v.body.questions,
      media: v.body.media,
      sensors: v.body.sensors,
      frozen: v.frozen ?? false,
    })
    .returning();
  const [updated] = await db
    .update(screens)
    .set({ currentVersionId: version!.id })
    .where(sql`${screens.id} = ${screen!.id}`)
    .returning();
  return { screen: updated!, version: version! };
}

/**
 * A draft activity with `screens` screens of `blocks` blocks each; `sections` gives each screen's section (default
 * all 1). For API tests and bench/activity.
 */
export async function createActivityWithScreens(
  db: DbOrTx,
  v: {
    domainId: number;
    accountId?: number | null;
    title?: string;
    kind?: string;
    screens?: number;
    blocks?: number;
    sections?: number[];
    mediaIds?: number[];
  },
) {
  const activity = await createActivity(db, {
    domainId: v.domainId,
    accountId: v.accountId ?? null,
    title: v.title,
    kind: v.kind ?? 'developing',
  });
  const list = [];
  for (let i = 0; i < (v.screens ?? 2); i++) {
    list.push(
      await createScreen(db, {
        activityId: activity.id,
        section: v.sections?.[i] ?? 1,
        position: i + 1,
        body: await sampleScreenBody(db, v.blocks ?? 3, i === 0 ? { mediaIds: v.mediaIds ?? [] } : {}),
      }),
    );
  }
  return { activity, screens: list };
}

/**
 * Publishes an activity's current draft as its next version (as POST /activities/:id/versions then publish would):
 * snapshots the live screens, freezes their versions and points the activity at the new version. For the demo seed.
 */
export async function publishDraft(db: DbOrTx, activityId: number, title = 'Version 1') {
  const live = await db
    .select({
      id: screens.id,
      versionId: screens.currentVersionId,
      section: screens.section,
      position: screens.position,
    })
    .from(screens)
    .where(sql`${screens.activityId} = ${activityId} and ${screens.removedAt} is null`)
    .orderBy(screens.position);
  const numbered = await db.execute<{ n: number }>(
    sql`select coalesce(max(number), 0)::int + 1 as n from activity_versions where activity_id = ${activityId}`,
  );
  const [version] = await db
    .insert(activityVersions)
    .values({
      activityId,
      number: numbered.rows[0]!.n,
      title,
      screens: live.map((s) => ({
        screen_id: s.id,
        version_id: s.versionId!,
        section: s.section,
        position: s.position,
      })),
      publishedAt: new Date(),
    })
    .returning();
  const ids = live.map((s) => s.versionId!);
  if (ids.length > 0)
    await db
      .update(screenVersions)
      .set({ frozen: true })
      .where(sql`${screenVersions.id} = any(${sql.param(ids)}::int[])`);
  await db
    .update(activities)
    .set({ status: 'published', publishedVersionId: version!.id, publishedAt: new Date() })
    .where(sql`${activities.id} = ${activityId}`);
  return version!;
}
