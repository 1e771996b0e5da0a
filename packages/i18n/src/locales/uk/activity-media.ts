import type { Catalog } from '../en';

export const activityMedia: Catalog['activityMedia'] = {
  noAccess: 'У вас немає доступу до цього матеріалу. Якщо маєте запитання, зверніться до свого вчителя.',
  missing: 'Цей матеріал недоступний.',
  vernierChromeOnly: 'Vernier підтримується лише в Chrome',
  needReload: 'Вашу лабораторну групу оновлено. Перезавантажте сторінку, щоб побачити актуальні дані.',
  reload: 'Перезавантажити',
  waitingForHost: 'Очікуємо, поки {{name}} почне збирання даних.',
  sensorsRequired: 'Потрібні датчики:',
  sensorConnected: 'Датчик підключено',
  sensorNotConnected: 'Датчик не підключено',
  videoFailed: 'Це відео неможливо відтворити.',
  loading: 'Завантаження…',
  pdfPage: 'Сторінка {{page}} з {{total}}',
  pdfPrevious: 'Попередня сторінка',
  pdfNext: 'Наступна сторінка',
  pdfThumbnail: 'Сторінка {{page}}',
  pdfPages: 'Сторінки',
};
