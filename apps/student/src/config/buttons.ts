/** 001 section 9: buttons of the student UI are at least 110px wide, easier targets for young students. */
export const STUDENT_BUTTON_MIN_WIDTH = 110;
