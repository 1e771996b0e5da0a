import type { Catalog } from '../en';

export const ltiServices: Catalog['ltiServices'] = {
  errors: {
    noClass: 'Elija la clase a la que van los miembros del curso del LMS',
    noMemberships: 'El LMS no dio una lista de miembros para este enlace',
    membershipsFailed: 'No se pudo leer la lista de miembros del LMS: {{reason}}',
    scoreNotFailed: 'Solo se puede volver a enviar una calificación cuyo envío falló',
  },
  scores: {
    title: 'Calificaciones enviadas al LMS',
    intro:
      'Las calificaciones de los estudiantes que abrieron esta tarea desde un LMS vuelven a su libro de calificaciones.',
    empty: 'Aún no se ha enviado ninguna calificación de esta tarea a un LMS.',
    student: 'Estudiante',
    course: 'Curso del LMS',
    score: 'Calificación',
    status: 'Estado',
    tries: 'Intentos de envío',
    lastError: 'Último error',
    sentAt: 'Enviada',
    retry: 'Enviar de nuevo',
    retried: 'La calificación se enviará de nuevo.',
    statuses: { pending: 'Pendiente', sent: 'Enviada', failed: 'Fallida' },
    failed: 'Algo salió mal. Inténtelo de nuevo.',
  },
  links: {
    class: 'Clase',
    chooseClass: 'Elija una clase',
    classOf: 'Clase para {{course}}',
    title: 'Enlaces del LMS',
    empty: 'Esta clase no está enlazada a un curso del LMS.',
    course: 'Curso del LMS',
    platform: 'Plataforma',
    importMembers: 'Importar miembros',
    importConfirm:
      '¿Añadir a esta clase los estudiantes y docentes del curso del LMS? Se crean las cuentas que falten.',
    imported: 'Miembros importados: {{created}} creados, {{matched}} encontrados, {{skipped}} omitidos.',
    noMemberships: 'El LMS no da una lista de miembros para este enlace.',
    failed: 'No se pudieron importar los miembros.',
  },
};
