import dayjs from 'dayjs';

// 000 section 9's date format for a day: 'MMM DD, YYYY'
export const formatDay = (date: string) => dayjs(date).format('MMM DD, YYYY');
