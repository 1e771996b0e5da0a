import type { Catalog } from '../en';

export const auth: Catalog['auth'] = {
  wrongCredentials: 'Credenciales incorrectas. Usuario o contraseña no válidos.',
  disabled: 'Su cuenta está deshabilitada. Póngase en contacto con su administrador.',
  currentPasswordIncorrect: 'La contraseña actual es incorrecta.',
  resetUrlInvalid: 'El enlace para restablecer la contraseña ya no es válido. Envíe una nueva solicitud.',
  resetRequested:
    'Si existe una cuenta con ese correo electrónico, le hemos enviado un enlace para restablecer la contraseña.',
  passwordUpdated: 'Su contraseña se ha actualizado correctamente',
  sessionExpired: 'Su sesión ha caducado. Vuelva a iniciar sesión.',
  tooManyAttempts: 'Demasiados intentos. Espere un minuto e inténtelo de nuevo.',
  wrongApp: 'Credenciales incorrectas. Usuario o contraseña no válidos.',
  resetEmailSubject: 'Restablezca su contraseña de Aula',
  resetEmailBody:
    'Hola {{name}}:\n\nAlguien pidió restablecer la contraseña de su cuenta de Aula. Abra este enlace en los próximos {{minutes}} minutos para elegir una nueva:\n\n{{url}}\n\nSi no lo pidió, puede ignorar este correo.',
};
