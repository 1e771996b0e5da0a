import type { DrawingAsset } from '@aula/domain/answers';

// A drawing answer is a tldraw document: `{ store: { [id]: record }, schema }` (tldraw's TLStoreSnapshot, what
// `getSnapshot(editor.store).document` gives). Pure functions over it, without tldraw itself (which loads on demand).

type DrawingRecord = { id: string; typeName: string; type?: string; props?: Record<string, unknown> } & Record<
  string,
  unknown
>;
export interface DrawingDocument {
  store: Record<string, DrawingRecord>;
  schema: unknown;
}

function isDocument(value: unknown): value is DrawingDocument {
  return !!value && typeof value === 'object' && typeof (value as { store?: unknown }).store === 'object';
}

/**
 * The document of a stored drawing: a document as it is, or the document of a whole editor snapshot
 * (`{ document, session }`, what earlier answers held); undefined when there is none.
 */
export function documentOf(value: unknown): DrawingDocument | undefined {
  if (isDocument(value)) return value;
  const inner = value && typeof value === 'object' ? (value as { document?: unknown }).document : undefined;
  return isDocument(inner) ? inner : undefined;
}

/** 000 section 3: drawing assets, one per image asset of the document (tldraw_id, src, url, fileName, width, height). */
export function drawingAssetsOf(value: unknown): DrawingAsset[] {
  const doc = documentOf(value);
  if (!doc) return [];
  const out: DrawingAsset[] = [];
  for (const record of Object.values(doc.store)) {
    if (record.typeName !== 'asset' || record.type !== 'image') continue;
    const props = record.props ?? {};
    const src = typeof props.src === 'string' ? props.src : '';
    const meta = (record.meta ?? {}) as { penda_id?: unknown; url?: unknown };
    out.push({
      tldraw_id: record.id,
      src,
      url: typeof meta.url === 'string' ? meta.url : src,
      fileName: typeof props.name === 'string' ? props.name : '',
      ...(typeof meta.penda_id === 'number' ? { penda_id: meta.penda_id } : {}),
      width: typeof props.w === 'number' && props.w >= 0 ? props.w : 0,
      height: typeof props.h === 'number' && props.h >= 0 ? props.h : 0,
    });
  }
  return out;
}

/**
 * The document a review shows: the student's drawing with the teacher's annotation records over it. The student's
 * shapes are locked, so the teacher's tools draw over them and cannot pick them up.
 */
export function withAnnotation(student: unknown, annotation: unknown): DrawingDocument | undefined {
  const base = documentOf(student);
  const notes = documentOf(annotation);
  if (!base && !notes) return undefined;
  const store: Record<string, DrawingRecord> = {};
  for (const [id, record] of Object.entries(base?.store ?? {})) {
    store[id] = record.typeName === 'shape' ? { ...record, isLocked: true } : record;
  }
  for (const [id, record] of Object.entries(notes?.store ?? {})) {
    // the student's records win: an annotation never replaces them
    if (!(id in store)) store[id] = record;
  }
  return { store, schema: base?.schema ?? notes?.schema };
}

/** The teacher's annotation: the records of a review document that are not the student's. */
export function annotationOf(document: DrawingDocument, studentIds: ReadonlySet<string>): DrawingDocument {
  const store: Record<string, DrawingRecord> = {};
  for (const [id, record] of Object.entries(document.store)) if (!studentIds.has(id)) store[id] = record;
  return { store, schema: document.schema };
}

/** Two stored drawings hold the same document (cheap when they are the same object, as they usually are). */
export function sameDrawing(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
