import type { Catalog } from '../en';

export const studentWork: Catalog['studentWork'] = {
  actions: {
    open: 'Abrir',
    continue: 'Continuar',
    review: 'Revisar',
    label: '{{action}}: {{title}}',
    startFailed: 'No se pudo abrir esta actividad. Inténtalo de nuevo.',
  },
  player: {
    back: 'Volver a mis tareas',
    screens: 'Pantallas',
    section: 'Sección {{n}}',
    screen: 'Pantalla {{n}}',
    counter: 'Pantalla {{n}} de {{total}}',
    previous: 'Anterior',
    next: 'Siguiente',
    nextSection: 'Siguiente sección',
    submit: 'Entregar',
    lockedNote: 'Esta pantalla es de una sección que ya terminaste: puedes ver tus respuestas, pero no cambiarlas.',
    laterSections: 'Se abrirán más secciones cuando termines esta.',
    fixErrors: 'Algunas respuestas necesitan tu atención antes de continuar.',
    loadFailed: 'No se pudo cargar esta actividad.',
    retry: 'Reintentar',
    offlineBlocked:
      'Estás sin conexión. Tus respuestas se guardan en este dispositivo; podrás continuar cuando vuelvas a estar en línea.',
    unreachableBlocked:
      'No se puede contactar con el servidor ahora. Tus respuestas se guardan en este dispositivo; inténtalo de nuevo en un momento.',
    rejectedBlocked: 'No se pudo guardar una respuesta. Cámbiala y vuelve a intentarlo.',
    sessionBlocked: 'Tu sesión ha terminado. Vuelve a iniciar sesión: tus respuestas se guardan en este dispositivo.',
    progressFailed: 'No se pudo pasar a la siguiente sección. Inténtalo de nuevo.',
    submitFailed: 'No se pudieron entregar tus respuestas. Inténtalo de nuevo.',
    confirmTitle: '¿Entregar tus respuestas?',
    confirmText: 'Una vez entregadas, no podrás cambiar tus respuestas. Verás tus resultados justo después.',
    cancel: 'Cancelar',
    notDurable:
      'Este navegador no puede guardar respuestas en este dispositivo. Mantén esta página abierta hasta que indique que todas las respuestas están guardadas.',
  },
  status: {
    saved: 'Todas las respuestas guardadas',
    saving: 'Guardando…',
    offline:
      'Sin conexión: tus respuestas se guardan en este dispositivo y se enviarán cuando vuelvas a estar en línea',
    unreachable: 'No se puede contactar con el servidor: tus respuestas se guardan en este dispositivo. Reintentando…',
    rejected: 'No se pudo guardar una respuesta: {{message}}',
    rejectedGeneric: 'No se pudo guardar una respuesta.',
  },
  review: {
    heading: 'Tus resultados',
    submittedAt: 'Entregado el {{date}}',
  },
};
