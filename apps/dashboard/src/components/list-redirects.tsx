import { Navigate } from 'react-router';

// 001 section 2 lists /activity and /assignment as route prefixes (their pages are /activity/view/{id} and
// /assignment/view/{id}); opened bare, each sends the user to its list, replacing the history entry.

/** /activity: the activity library. */
export function ActivityIndexRedirect() {
  return <Navigate to="/activities" replace />;
}

/** /assignment: the assignment list. */
export function AssignmentIndexRedirect() {
  return <Navigate to="/assignments" replace />;
}
