import type { Catalog } from '../en';

export const sso: Catalog['sso'] = {
  notConfigured:
    'El inicio de sesión con este proveedor no está configurado para su distrito. Inicie sesión con su contraseña.',
  districtUnknown:
    'No encontramos ningún distrito con ese ID que use este inicio de sesión. Compruebe el ID del distrito.',
  ssoOff: 'Su distrito ha desactivado el inicio de sesión con este proveedor. Inicie sesión con su contraseña.',
  providerDenied: 'El inicio de sesión se canceló o fue denegado por el proveedor. Inténtelo de nuevo.',
  providerError: 'El proveedor no pudo iniciar su sesión. Inténtelo de nuevo.',
  providerUnreachable: 'No se puede contactar con el proveedor de inicio de sesión. Inténtelo más tarde.',
  stateInvalid: 'Este enlace de inicio de sesión ha caducado o ya se usó. Vuelva a iniciar sesión.',
  signInFailed: 'No se pudo verificar la respuesta del proveedor, así que no se inició su sesión. Vuelva a empezar.',
  hostedDomain: 'Esta cuenta de Google no pertenece a un dominio que su distrito permita.',
  linkedElsewhere: 'Esta cuenta está conectada a un usuario de otro distrito y no puede iniciar sesión aquí.',
  userNotFound: 'No encontramos su cuenta en Aula.',
  accountDisabled: 'Su cuenta está deshabilitada. Póngase en contacto con su administrador.',
  connectInvalid: 'Este enlace de conexión ha caducado o ya se usó. Vuelva a iniciar sesión con el proveedor.',
  connectWrongDistrict: 'Su cuenta de Aula no pertenece al distrito de este inicio de sesión.',
  alreadyLinked: 'Esta cuenta ya está conectada a un usuario de Aula.',
  signingIn: 'Iniciando sesión con {{provider}}…',
  failTitle: 'No pudimos iniciar su sesión con {{provider}}',
  connectTitle: 'No encontramos su cuenta en Aula',
  connectText:
    'Todavía no hay ninguna cuenta de Aula conectada a esta cuenta de {{provider}}. Inicie sesión con su contraseña de Aula para conectarla; la próxima vez {{provider}} iniciará su sesión directamente.',
  connectSignIn: 'Iniciar sesión para conectar',
  connecting: 'Conectando su cuenta de {{provider}}…',
  connected: 'Su cuenta de {{provider}} está conectada. A partir de ahora puede iniciar sesión con {{provider}}.',
  connectFailedTitle: 'No pudimos conectar su cuenta de {{provider}}',
  continue: 'Continuar',
  backToSignIn: 'Volver a iniciar sesión',
  districtTitle: '¿En qué distrito está?',
  districtText: 'Más de un distrito inicia sesión con {{provider}}. Escriba el ID de su distrito para continuar.',
  districtLabel: 'ID del distrito',
  districtContinue: 'Continuar con {{provider}}',
};
