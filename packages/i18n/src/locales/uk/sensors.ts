import type { Catalog } from '../en';

export const sensors: Catalog['sensors'] = {
  title: 'Датчики',
  intro: 'Типи датчиків, які можуть зчитувати лабораторні активності: доступні всюди та власні типи вашого домену.',
  create: 'Додати датчик',
  search: 'Шукати датчики за назвою',
  name: 'Назва',
  code: 'Код',
  codeField: 'код',
  codeHint: 'Ідентифікатор, яким лабораторія позначає цей тип пристрою.',
  availability: 'Доступний у',
  everyDomain: 'Усі домени',
  thisDomain: 'Цей домен',
  actions: 'Дії',
  edit: 'Редагувати',
  delete: 'Видалити',
  deleteConfirm: 'Видалити датчик «{{name}}»?',
  deleteHint: 'Активності, яким він потрібен, більше не показуватимуть його.',
  deleted: 'Датчик видалено.',
  cancel: 'Скасувати',
  save: 'Зберегти',
  saved: 'Датчик збережено.',
  back: 'Назад до датчиків',
  createTitle: 'Додати датчик',
  editTitle: 'Редагувати датчик',
  empty: 'Датчиків ще немає.',
  noMatch: 'Жоден датчик не відповідає цьому пошуку.',
};

export const workers: Catalog['workers'] = {
  title: 'Фонові обробники',
  intro: 'Черги фонових задач, які виконують обробники цього розгортання, і кількість задач у кожному стані.',
  refresh: 'Оновити',
  search: 'Шукати черги за назвою',
  name: 'Черга',
  schedule: 'Розклад (UTC)',
  onDemand: 'Під час надсилання',
  retries: 'Повторні спроби',
  expires: 'Спливає через (секунд)',
  empty: 'Жодна черга не відповідає цьому пошуку.',
  workerHere: 'Цей сервер виконує обробники',
  workerElsewhere: 'Обробники працюють на іншому сервері',
  queueDown: 'Черга задач не відповідає: кількість недоступна.',
  queue: { up: 'Черга: відповідає', down: 'Черга: не відповідає', off: 'Черга: тут не рахується' },
  states: {
    created: 'Очікують',
    retry: 'До повтору',
    active: 'Виконуються',
    completed: 'Завершені',
    cancelled: 'Скасовані',
    failed: 'Невдалі',
  },
};

// The lists under an administrator (001 section 2, '*' lists): the people and classes of the admin's schools.
export const scopedLists: Catalog['scopedLists'] = {
  groupsOfAdmin: 'Групи шкіл адміністратора',
  classesOfAdmin: 'Класи шкіл адміністратора',
};
