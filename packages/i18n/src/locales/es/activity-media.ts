import type { Catalog } from '../en';

export const activityMedia: Catalog['activityMedia'] = {
  noAccess: 'No tienes acceso a este contenido. Si tienes alguna pregunta, no dudes en consultar a tu docente.',
  missing: 'Este contenido no está disponible.',
  vernierChromeOnly: 'Vernier solo es compatible con Chrome',
  needReload: 'Tu grupo de laboratorio se ha actualizado. Vuelve a cargar la página para ver los datos actuales.',
  reload: 'Volver a cargar',
  waitingForHost: 'Esperando a que {{name}} comience la recolección de datos.',
  sensorsRequired: 'Sensores necesarios:',
  sensorConnected: 'Hay un sensor conectado',
  sensorNotConnected: 'No hay ningún sensor conectado',
  videoFailed: 'Este video no se puede reproducir.',
  loading: 'Cargando…',
  pdfPage: 'Página {{page}} de {{total}}',
  pdfPrevious: 'Página anterior',
  pdfNext: 'Página siguiente',
  pdfThumbnail: 'Página {{page}}',
  pdfPages: 'Páginas',
};
