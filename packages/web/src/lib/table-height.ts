// 001 section 9: a table's scroll height is the window height less an offset for the page's subject (the header,
// filters and pagination around it), and never below 300 pixels.

export const TABLE_HEIGHT_OFFSETS = {
  student: 430,
  group: 380,
  account: 340,
  district: 340,
  school: 340,
  class: 340,
  teacher: 340,
  course: 340,
} as const;
export type TableSubject = keyof typeof TABLE_HEIGHT_OFFSETS;
export const MIN_TABLE_HEIGHT = 300;

/** The offset is taken off only when the window is taller than offset + 300; otherwise the table keeps 300. */
export function tableHeight(windowHeight: number, subject: TableSubject): number {
  const offset = TABLE_HEIGHT_OFFSETS[subject];
  if (!Number.isFinite(windowHeight) || windowHeight <= offset + MIN_TABLE_HEIGHT) return MIN_TABLE_HEIGHT;
  return windowHeight - offset;
}
