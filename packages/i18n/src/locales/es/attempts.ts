import type { Catalog } from '../en';

export const attempts: Catalog['attempts'] = {
  notOpen: 'Esta tarea aún no ha comenzado.',
  submitted: 'Esta actividad ya se entregó y no se puede cambiar.',
  notInActivity: 'Esta pregunta no forma parte de esta actividad.',
  sectionClosed: 'Esta sección está terminada y sus respuestas ya no se pueden cambiar.',
  noSection: 'Esta actividad no tiene la sección {{section}}.',
  optionNotInQuestion: 'Esta opción no es una de las opciones de la pregunta.',
  oneOption: 'Elige solo una respuesta.',
  slotNotInQuestion: 'Este espacio en blanco no forma parte de la pregunta.',
  answerNotForQuestion: 'Esta respuesta no corresponde a este tipo de pregunta.',
  drawingTooLarge: 'El dibujo es demasiado grande para guardarlo.',
  stateTooLarge: 'Este estado guardado es demasiado grande.',
  tooManyStates: 'Una actividad puede guardar como máximo {{max}} estados.',
  notSubmitted: 'El estudiante aún no ha entregado esta actividad.',
  notAnswered: 'El estudiante no ha respondido esta pregunta.',
  notReviewed: 'El docente solo califica las respuestas de ensayo y de dibujo.',
  reviewScore: 'La puntuación debe ser un número entero de 0 a {{max}}.',
  notOnScreen: 'Esta pregunta no está en esa pantalla.',
  annotationTooLarge: 'La anotación es demasiado grande para guardarla.',
};
