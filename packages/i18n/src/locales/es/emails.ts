import type { Catalog } from '../en';

export const emails: Catalog['emails'] = {
  title: 'Correos electrónicos',
  intro: 'Los correos que ha escrito la plataforma, del más reciente al más antiguo, y si se entregó cada uno.',
  bodiesShown:
    'No hay ningún servidor SMTP configurado (SMTP_URL), así que los correos se guardan aquí y no se envían. Abra uno para leerlo y seguir sus enlaces.',
  bodiesHidden:
    'El contenido de los correos solo se muestra fuera de producción cuando no hay ningún servidor SMTP configurado.',
  search: 'Buscar por dirección o asunto',
  state: 'Estado',
  allStates: 'Todos los estados',
  to: 'Para',
  subject: 'Asunto',
  created: 'Creado',
  sent: 'Enviado',
  open: 'Abrir',
  empty: 'Todavía no hay correos.',
  states: {
    stored: 'Guardado aquí (sin servidor SMTP)',
    queued: 'En cola',
    sent: 'Enviado',
    failed: 'Fallido',
  },
  back: 'Volver a los correos',
  message: 'Mensaje',
  error: 'Error de entrega',
  notFound: 'No se encontró este correo.',
  loadFailed: 'No se pudo cargar este correo.',
};
