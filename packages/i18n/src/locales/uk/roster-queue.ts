export const rosterQueue = {
  errors: {
    illegalTransition: 'Цей імпорт не можна так змінити, поки його статус {{status}}.',
    notRefreshable:
      'Лише імпорт із джерела списків, який ще не застосовано, може прочитати джерело знову (його статус {{status}}).',
    fileRequired: 'Виберіть zip-файл OneRoster.',
    notZip: 'Файл має бути zip-архівом (.zip).',
    tooBig: 'Файл завеликий.',
    noFile: 'Цей імпорт не має файлу для завантаження.',
    uploadFailed: 'Не вдалося завантажити файл. Спробуйте ще раз.',
  },
} as const;
