import type { Catalog } from '../en';

export const sensors: Catalog['sensors'] = {
  title: 'Sensores',
  intro:
    'Los tipos de sensor que pueden leer las actividades de laboratorio: los disponibles en todas partes y los de su dominio.',
  create: 'Añadir sensor',
  search: 'Buscar sensores por nombre',
  name: 'Nombre',
  code: 'Código',
  codeField: 'código',
  codeHint: 'El identificador que usa el laboratorio para este tipo de dispositivo.',
  availability: 'Disponible en',
  everyDomain: 'Todos los dominios',
  thisDomain: 'Este dominio',
  actions: 'Acciones',
  edit: 'Editar',
  delete: 'Eliminar',
  deleteConfirm: '¿Eliminar el sensor «{{name}}»?',
  deleteHint: 'Las actividades que lo piden dejarán de mostrarlo.',
  deleted: 'Sensor eliminado.',
  cancel: 'Cancelar',
  save: 'Guardar',
  saved: 'Sensor guardado.',
  back: 'Volver a los sensores',
  createTitle: 'Añadir un sensor',
  editTitle: 'Editar sensor',
  empty: 'Todavía no hay sensores.',
  noMatch: 'Ningún sensor coincide con esta búsqueda.',
};

export const workers: Catalog['workers'] = {
  title: 'Procesos en segundo plano',
  intro:
    'Las colas de trabajos en segundo plano que ejecutan los procesos de esta instalación, con los trabajos en cada estado.',
  refresh: 'Actualizar',
  search: 'Buscar colas por nombre',
  name: 'Cola',
  schedule: 'Programación (UTC)',
  onDemand: 'Al enviarse',
  retries: 'Reintentos',
  expires: 'Caduca tras (segundos)',
  empty: 'Ninguna cola coincide con esta búsqueda.',
  workerHere: 'Este servidor ejecuta los procesos',
  workerElsewhere: 'Los procesos se ejecutan en otro servidor',
  queueDown: 'La cola de trabajos no responde: los recuentos no están disponibles.',
  queue: { up: 'Cola: responde', down: 'Cola: no responde', off: 'Cola: sin recuento aquí' },
  states: {
    created: 'En espera',
    retry: 'Por reintentar',
    active: 'En curso',
    completed: 'Completados',
    cancelled: 'Cancelados',
    failed: 'Fallidos',
  },
};

// The lists under an administrator (001 section 2, '*' lists): the people and classes of the admin's schools.
export const scopedLists: Catalog['scopedLists'] = {
  groupsOfAdmin: 'Grupos de las escuelas del administrador',
  classesOfAdmin: 'Clases de las escuelas del administrador',
};
