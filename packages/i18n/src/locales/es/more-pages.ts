import type { Catalog } from '../en';

export const morePages: Catalog['morePages'] = {
  archive: {
    title: 'Actividades archivadas',
    intro: 'Actividades retiradas de la biblioteca. Restaure una para que los docentes vuelvan a encontrarla.',
    search: 'Buscar actividades archivadas',
    empty: 'No hay actividades archivadas.',
    emptySearch: 'Ninguna actividad archivada coincide.',
    title_: 'Título',
    updated: 'Archivada o actualizada',
    actions: 'Acciones',
    preview: 'Vista previa',
    previewOf: 'Vista previa de {{title}}',
    restore: 'Restaurar',
    restoreOf: 'Restaurar {{title}}',
    restored: '{{title}} vuelve a estar en la biblioteca.',
  },
  labGroups: {
    title: 'Grupos de laboratorio',
    intro:
      'Los grupos de laboratorio son equipos pequeños dentro de una clase. Elija una clase para ver y cambiar sus grupos de laboratorio.',
    search: 'Buscar clases',
    empty: 'Todavía no hay clases.',
    class: 'Clase',
    school: 'Escuela',
    students: 'Estudiantes',
    open: 'Grupos de laboratorio',
    openOf: 'Grupos de laboratorio de {{name}}',
  },
  pas: {
    labGroupsTitle: 'Grupos de laboratorio de las clases del plan',
    labGroupsIntro:
      'Las clases a las que está asignado este plan. Abra una clase para ver y cambiar sus grupos de laboratorio.',
    studentsTitle: 'Estudiantes del plan PAS',
    studentsIntro:
      'Elija un plan para ver sus clases y abra una clase para elegir cuáles de sus estudiantes reciben el plan.',
    plan: 'Plan',
    pickPlan: 'Elija un plan',
    noPlans: 'Todavía no hay planes PAS.',
    noClasses: 'Este plan todavía no está asignado a ninguna clase.',
    assign: 'Asignar el plan a clases',
    class: 'Clase',
    status: 'Estado',
    active: 'Activo',
    optedOut: 'Excluida',
    labGroups: 'Grupos de laboratorio',
    labGroupsOf: 'Grupos de laboratorio de {{name}}',
    students: 'Estudiantes',
    studentsOf: 'Estudiantes de {{name}}',
  },
};
