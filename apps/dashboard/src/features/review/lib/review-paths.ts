// The review pages' addresses (issue 6, 001 section 7): under the assignment view they belong to, so the route
// table's 'assignment' resource guards them. The activity and screen are query parameters: they pick what is shown,
// not what may be seen.

const base = (assignmentId: number) => `/assignment/view/${assignmentId}`;

function withQuery(path: string, query: Record<string, number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** A student's work in teacher_review: `/assignment/view/:assignmentId/students/:studentId?activity=N&screen=M`. */
export function studentWorkHref(assignmentId: number, studentId: number, activityId?: number, screenId?: number) {
  return withQuery(`${base(assignmentId)}/students/${studentId}`, { activity: activityId, screen: screenId });
}

/** What the student sees (student_review): the same page's 'Student view'. */
export function studentViewHref(assignmentId: number, studentId: number, activityId?: number, screenId?: number) {
  return withQuery(`${base(assignmentId)}/students/${studentId}/student-view`, {
    activity: activityId,
    screen: screenId,
  });
}

/** One screen's essays and drawings across every student of the assignment ('grade answers'). */
export function gradeAnswersHref(assignmentId: number, activityId?: number, screenId?: number) {
  return withQuery(`${base(assignmentId)}/grade-answers`, { activity: activityId, screen: screenId });
}

/** A positive whole number from a query parameter (1 to 9 digits), or null. */
export function queryId(raw: string | null): number | null {
  return raw !== null && /^[1-9]\d{0,8}$/.test(raw) ? Number(raw) : null;
}
