import { expect } from 'vitest';

// Activities the journeys bring in through the API: an export document imported by a builder, published on demand.

const text = (s: string) => ({
  root: {
    type: 'root',
    version: 1,
    children: [{ type: 'paragraph', version: 1, children: [{ type: 'text', version: 1, text: s, format: 0 }] }],
  },
});

/** An export document of `screens` screens, each a heading naming the activity and the screen. */
function exportDocument(title: string, screens: number) {
  return {
    format: 'aula-activity',
    version: 1,
    activity: { title, kind: 'ngss' },
    screens: Array.from({ length: screens }, (_v, i) => ({
      section: 1,
      content: [
        {
          id: `r${i}`,
          columns: [
            {
              id: `c${i}`,
              type: 'heading',
              sizes: { large: 24 },
              content: { text: text(`${title}: screen ${i + 1}`) },
            },
          ],
        },
      ],
      questions: [],
      media: [],
      sensors: [],
    })),
    media: [],
  };
}

/** The domain admin brings an activity in (shared with the whole domain) and, when asked, publishes it. */
export async function makeActivity(apiUrl: string, token: string, title: string, publish: boolean): Promise<number> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${apiUrl}/dashboard${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    return ((await res.json()) as { data: { id: number } }).data;
  };
  const { id } = await post('/activities/import', { document: exportDocument(title, 2) });
  if (publish) {
    const version = await post(`/activities/${id}/versions`, {});
    await post(`/activities/${id}/publish`, { version_id: version.id, options: { force: false } });
  }
  return id;
}
