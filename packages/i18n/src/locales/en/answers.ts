export const answers = {
  validation: {
    chooseAnswer: 'Please choose an answer',
    tooShort: 'Please type in at least 5 characters',
    empty: 'Please type in your answers into the text area',
    tuvaLoading: 'Please wait for Tuva to load',
    tooLong: 'The answer is too long.',
  },
  banner: {
    notAnswered: 'Not Answered',
    needReview: 'Pending Teacher Review',
    score: 'Correct Answers: {{x}} out of {{y}}',
    choiceNote: 'NOTE: Green indicates a correct choice',
    somePending: 'Some answers are pending teacher review',
  },
  pseudonym: 'Student {{code}}',
} as const;
