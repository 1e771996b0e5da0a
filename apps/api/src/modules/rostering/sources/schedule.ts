import cronParser from 'cron-parser';

// Source schedules are five-field cron expressions in UTC. pg-boss 10 keeps one schedule per queue, so districts'
// schedules are not pg-boss schedules each: one pg-boss cron job ticks every few minutes and runs the sources whose
// own schedule fell due since their last run (docs/rostering-sources.md).

export function isValidSchedule(expr: string): boolean {
  if (expr.trim().split(/\s+/).length !== 5) return false;
  try {
    cronParser.parseExpression(expr, { tz: 'UTC' });
    return true;
  } catch {
    return false;
  }
}

/** The latest time at or before `now` the schedule fires. */
export function lastDue(expr: string, now: Date): Date {
  // cron-parser's prev() is strictly before currentDate; a tick exactly at a due minute still counts
  const it = cronParser.parseExpression(expr, { tz: 'UTC', currentDate: new Date(now.getTime() + 1000) });
  return it.prev().toDate();
}

export function nextDue(expr: string, now: Date): Date {
  return cronParser.parseExpression(expr, { tz: 'UTC', currentDate: now }).next().toDate();
}
