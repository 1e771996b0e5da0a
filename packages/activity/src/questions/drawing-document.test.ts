import { describe, expect, it } from 'vitest';
import { annotationOf, documentOf, drawingAssetsOf, sameDrawing, withAnnotation } from './drawing-document';

const page = { id: 'page:page', typeName: 'page', name: 'Page 1' };
const shape = (id: string, x = 0) => ({ id, typeName: 'shape', type: 'geo', x, isLocked: false, props: {} });
const image = (id: string) => ({
  id,
  typeName: 'asset',
  type: 'image',
  props: { src: `https://files.example.org/${id}.png`, name: `${id}.png`, w: 640, h: 480, mimeType: 'image/png' },
  meta: {},
});
const doc = (...records: ({ id: string } & Record<string, unknown>)[]) => ({
  schema: { schemaVersion: 2 },
  store: Object.fromEntries(records.map((r) => [r.id, r])),
});

describe('drawing documents', () => {
  it('reads the document of a stored drawing, or of a whole editor snapshot', () => {
    const d = doc(page);
    expect(documentOf(d)).toBe(d);
    expect(documentOf({ document: d, session: {} })).toBe(d);
    expect(documentOf(undefined)).toBeUndefined();
    expect(documentOf('a drawing')).toBeUndefined();
  });

  it("lists the document's image assets as 000 section 3's drawing assets", () => {
    const withPenda = { ...image('asset:b'), meta: { penda_id: 12, url: 'https://cdn.example.org/b.png' } };
    expect(drawingAssetsOf(doc(page, shape('shape:a'), image('asset:a'), withPenda))).toEqual([
      {
        tldraw_id: 'asset:a',
        src: 'https://files.example.org/asset:a.png',
        url: 'https://files.example.org/asset:a.png',
        fileName: 'asset:a.png',
        width: 640,
        height: 480,
      },
      {
        tldraw_id: 'asset:b',
        src: 'https://files.example.org/asset:b.png',
        url: 'https://cdn.example.org/b.png',
        fileName: 'asset:b.png',
        penda_id: 12,
        width: 640,
        height: 480,
      },
    ]);
    // video and bookmark assets are not drawing assets; no document, no assets
    expect(drawingAssetsOf(doc({ ...image('asset:v'), type: 'video' }))).toEqual([]);
    expect(drawingAssetsOf(undefined)).toEqual([]);
  });

  it("lays the teacher's annotation over the student's locked shapes, never replacing one of them", () => {
    const student = doc(page, shape('shape:s', 10));
    const notes = doc(page, shape('shape:n'), { ...shape('shape:s', 999) });
    const merged = withAnnotation(student, notes)!;
    expect(Object.keys(merged.store).sort()).toEqual(['page:page', 'shape:n', 'shape:s']);
    expect(merged.store['shape:s']).toMatchObject({ x: 10, isLocked: true });
    expect(merged.store['shape:n']).toMatchObject({ isLocked: false });
    // the student's drawing itself is not touched
    expect(student.store['shape:s']!.isLocked).toBe(false);
    expect(annotationOf(merged, new Set(Object.keys(student.store))).store).toEqual({ 'shape:n': shape('shape:n') });
    expect(withAnnotation(undefined, undefined)).toBeUndefined();
  });

  it('compares stored drawings by content', () => {
    const a = doc(page, shape('shape:a'));
    expect(sameDrawing(a, a)).toBe(true);
    expect(sameDrawing(a, structuredClone(a))).toBe(true);
    expect(sameDrawing(a, doc(page, shape('shape:a', 5)))).toBe(false);
    expect(sameDrawing(a, undefined)).toBe(false);
    expect(sameDrawing(undefined, undefined)).toBe(true);
  });
});
