import { act, render, screen, waitFor } from '@testing-library/react';
import type { Editor, TLShapeId } from 'tldraw';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { installTldrawEnv } from '../../test/tldraw-env';
import DrawingCanvas from './drawing-canvas';
import { annotationOf, withAnnotation, type DrawingDocument } from './drawing-document';

beforeAll(installTldrawEnv);

async function mount(props: Partial<Parameters<typeof DrawingCanvas>[0]> = {}) {
  let editor: Editor | undefined;
  const onChange = vi.fn<(doc: DrawingDocument) => void>();
  const onBlocked = vi.fn();
  const utils = render(
    <DrawingCanvas
      document={undefined}
      readOnly={false}
      label="Drawing area"
      onChange={onChange}
      onBlocked={onBlocked}
      onReady={(e) => {
        editor = e;
      }}
      {...props}
    />,
  );
  await waitFor(() => expect(editor).toBeDefined());
  return { ...utils, editor: editor!, onChange, onBlocked };
}

const shapesOf = (doc: DrawingDocument) => Object.values(doc.store).filter((r) => r.typeName === 'shape');

/** A drawing with one rectangle, as the editor reports it. */
async function studentDrawing(): Promise<DrawingDocument> {
  const { editor, onChange, unmount } = await mount();
  act(() => {
    editor.createShape({ id: 'shape:student' as TLShapeId, type: 'geo', x: 10, y: 10, props: { w: 50, h: 40 } });
  });
  await waitFor(() => expect(onChange).toHaveBeenCalled());
  unmount();
  return onChange.mock.lastCall![0];
}

describe('the drawing editor', () => {
  it("reports the student's drawing as a tldraw document after the pen stops", async () => {
    const doc = await studentDrawing();
    expect(shapesOf(doc).map((s) => s.id)).toEqual(['shape:student']);
    expect(doc.schema).toBeTruthy();
  });

  it('refuses images: no asset tool, no insert-media, dropped or pasted files and URLs add nothing', async () => {
    const { editor, onBlocked } = await mount();
    await waitFor(() => expect(screen.getByTestId('tools.draw')).toBeTruthy());
    expect(screen.queryByTestId('tools.asset')).toBeNull();
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'cat.png', { type: 'image/png' });
    await act(async () => {
      await editor.putExternalContent({ type: 'files', files: [png], point: { x: 0, y: 0 } });
      await editor.putExternalContent({ type: 'url', url: 'https://example.org/cat.png', point: { x: 0, y: 0 } });
      await editor.putExternalContent({ type: 'svg-text', text: '<svg xmlns="http://www.w3.org/2000/svg"/>' });
    });
    expect(onBlocked).toHaveBeenCalledTimes(3);
    expect(editor.getCurrentPageShapes()).toEqual([]);
    expect(editor.getAssets()).toEqual([]);
  });

  it('takes out an image that gets in another way (pasted tldraw content)', async () => {
    const { editor, onBlocked } = await mount();
    act(() => {
      editor.createAssets([
        {
          id: 'asset:cat' as never,
          typeName: 'asset',
          type: 'image',
          props: {
            src: 'data:image/png;base64,AAAA',
            w: 10,
            h: 10,
            name: 'cat.png',
            mimeType: 'image/png',
            isAnimated: false,
          },
          meta: {},
        },
      ]);
      editor.createShape({ type: 'image', x: 0, y: 0, props: { assetId: 'asset:cat' as never, w: 10, h: 10 } });
    });
    await waitFor(() => expect(editor.getCurrentPageShapes()).toEqual([]));
    expect(editor.getAssets()).toEqual([]);
    expect(onBlocked).toHaveBeenCalled();
  });

  it("keeps the student's drawing as it is under the teacher's annotation, which is reported apart", async () => {
    const student = await studentDrawing();
    const onAnnotation = vi.fn<(doc: DrawingDocument) => void>();
    const onChange = vi.fn();
    const { editor } = await mount({
      document: withAnnotation(student, undefined),
      annotation: { ids: new Set(), onChange: onAnnotation },
      onChange,
    });
    const id = 'shape:student' as TLShapeId;
    expect(editor.getShape(id)?.isLocked).toBe(true);
    act(() => {
      editor.updateShape({ id, type: 'geo', isLocked: false, x: 500 });
      editor.deleteShape(id);
    });
    expect(editor.getShape(id)?.x).toBe(10);
    act(() => {
      editor.createShape({ id: 'shape:note' as TLShapeId, type: 'geo', x: 20, y: 20, props: { w: 5, h: 5 } });
    });
    await waitFor(() => expect(onAnnotation).toHaveBeenCalled());
    const notes = onAnnotation.mock.lastCall![0];
    expect(shapesOf(notes).map((s) => s.id)).toEqual(['shape:note']);
    // the teacher's notes are red, the student's answer is never reported from here
    expect((notes.store['shape:note']!.props as { color: string }).color).toBe('red');
    expect(onChange).not.toHaveBeenCalled();
    expect(
      Object.keys(annotationOf(withAnnotation(student, notes)!, new Set(Object.keys(student.store))).store),
    ).toEqual(['shape:note']);
  });

  it("shows the teacher's annotation over the drawing in student_review, read-only", async () => {
    const student = await studentDrawing();
    const notes: DrawingDocument = {
      schema: student.schema,
      store: {
        'shape:note': {
          ...student.store['shape:student']!,
          id: 'shape:note',
          x: 200,
          isLocked: false,
        },
      },
    };
    const { editor } = await mount({
      document: withAnnotation(student, notes),
      annotation: { ids: new Set(['shape:note']) },
      readOnly: true,
    });
    expect(
      editor
        .getCurrentPageShapes()
        .map((s) => s.id)
        .sort(),
    ).toEqual(['shape:note', 'shape:student']);
    expect(editor.getIsReadonly()).toBe(true);
  });
});
