import type { Catalog } from '../en';

export const answers: Catalog['answers'] = {
  validation: {
    chooseAnswer: 'Оберіть відповідь',
    tooShort: 'Введіть щонайменше 5 символів',
    empty: 'Введіть відповідь у текстове поле',
    tuvaLoading: 'Зачекайте, доки завантажиться Tuva',
    tooLong: 'Відповідь задовга.',
  },
  banner: {
    notAnswered: 'Без відповіді',
    needReview: 'Очікує перевірки вчителем',
    score: 'Правильних відповідей: {{x}} з {{y}}',
    choiceNote: 'ПРИМІТКА: зеленим позначено правильний вибір',
    somePending: 'Деякі відповіді очікують перевірки вчителем',
  },
  pseudonym: 'Учень {{code}}',
};
