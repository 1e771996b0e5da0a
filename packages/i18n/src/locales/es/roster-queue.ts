export const rosterQueue = {
  errors: {
    illegalTransition: 'Esta importación no se puede cambiar así mientras su estado es {{status}}.',
    notRefreshable:
      'Solo una importación desde una fuente del roster que aún no se ha aplicado puede volver a leer su fuente (su estado es {{status}}).',
    fileRequired: 'Elija un archivo zip de OneRoster.',
    notZip: 'El archivo debe ser un archivo zip (.zip).',
    tooBig: 'El archivo es demasiado grande.',
    noFile: 'Esta importación no tiene ningún archivo para descargar.',
    uploadFailed: 'No se pudo subir el archivo. Inténtelo de nuevo.',
  },
} as const;
