import { describe, expect, it } from 'vitest';
import { guideFieldsSchema, guideFormInput } from '@aula/domain/guides';
import { formatFileSize, guideFileKind, guideFileProblem, guideFormData } from './guide-form-data';

const entries = (body: FormData) => [...body.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : v.name]);

describe('guide form data', () => {
  it('sends the text fields, every activity id and the chosen files', () => {
    const file = new File([new Uint8Array([0x25, 0x50])], 'guide.pdf', { type: 'application/pdf' });
    const body = guideFormData({ title: 'Moon guide', activity_ids: [3, 9], domain_id: 2, file });
    expect(entries(body)).toEqual([
      ['title', 'Moon guide'],
      ['description', ''],
      ['activity_ids', '3,9'],
      ['domain_id', '2'],
      ['file', 'guide.pdf'],
    ]);
  });

  it('reads back on the server as the same fields; no activities is an empty list, not absent', () => {
    const raw: Record<string, string[]> = {};
    for (const [k, v] of guideFormData({ title: 'T', activity_ids: [], remove_cover: true }).entries())
      (raw[k] ??= []).push(typeof v === 'string' ? v : v.name);
    expect(guideFieldsSchema.parse(guideFormInput(raw))).toEqual({
      // a cleared description is absent: the guide then has none
      title: 'T',
      activity_ids: [],
      remove_cover: true,
    });
    expect(guideFieldsSchema.parse(guideFormInput({ title: ['T'], activity_ids: ['4,4', '5'] })).activity_ids).toEqual([
      4, 5,
    ]);
  });

  it('checks type, name and size before sending', () => {
    const mb = 1024 * 1024;
    expect(guideFileProblem({ name: 'a.pdf', type: 'application/pdf', size: mb })).toBeNull();
    expect(guideFileProblem({ name: 'a.exe', type: 'application/pdf', size: 10 })).toBe('type');
    expect(guideFileProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('type');
    expect(guideFileProblem({ name: 'a.png', type: 'image/png', size: 21 * mb })).toBe('size');
    expect(guideFileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('DOCX');
    expect(formatFileSize(2048)).toBe('2 KB');
    expect(formatFileSize(3.45 * mb)).toBe('3.5 MB');
  });
});
