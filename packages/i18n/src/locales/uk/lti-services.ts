import type { Catalog } from '../en';

export const ltiServices: Catalog['ltiServices'] = {
  errors: {
    noMemberships: 'LMS не надала список учасників для цього посилання',
    membershipsFailed: 'Не вдалося прочитати список учасників LMS: {{reason}}',
    scoreNotFailed: 'Надіслати знову можна лише оцінку, яку не вдалося надіслати',
  },
  scores: {
    title: 'Оцінки, надіслані до LMS',
    intro: 'Оцінки учнів, які відкрили це завдання з LMS, повертаються до її журналу оцінок.',
    empty: 'До LMS ще не надіслано жодної оцінки за це завдання.',
    student: 'Учень',
    course: 'Курс LMS',
    score: 'Оцінка',
    status: 'Стан',
    tries: 'Надсилання',
    lastError: 'Остання помилка',
    sentAt: 'Надіслано',
    retry: 'Надіслати знову',
    retried: 'Оцінку буде надіслано знову.',
    statuses: { pending: 'Очікує', sent: 'Надіслано', failed: 'Не вдалося' },
    failed: 'Щось пішло не так. Спробуйте ще раз.',
  },
  links: {
    title: 'Посилання LMS',
    empty: 'Цей клас не пов’язаний з курсом LMS.',
    course: 'Курс LMS',
    platform: 'Платформа',
    importMembers: 'Імпортувати учасників',
    importConfirm: 'Додати до цього класу учнів і вчителів курсу LMS? Відсутні облікові записи буде створено.',
    imported: 'Учасників імпортовано: створено {{created}}, знайдено {{matched}}, пропущено {{skipped}}.',
    noMemberships: 'LMS не надає список учасників для цього посилання.',
    failed: 'Не вдалося імпортувати учасників.',
  },
};
