import type { Catalog } from '../en';

export const answers: Catalog['answers'] = {
  validation: {
    chooseAnswer: 'Elige una respuesta',
    tooShort: 'Escribe al menos 5 caracteres',
    empty: 'Escribe tus respuestas en el área de texto',
    tuvaLoading: 'Espera a que cargue Tuva',
    tooLong: 'La respuesta es demasiado larga.',
  },
  banner: {
    notAnswered: 'Sin responder',
    needReview: 'Pendiente de revisión del docente',
    score: 'Respuestas correctas: {{x}} de {{y}}',
    choiceNote: 'NOTA: el verde indica una opción correcta',
    somePending: 'Algunas respuestas están pendientes de revisión del docente',
  },
  pseudonym: 'Estudiante {{code}}',
};
