import type { Catalog } from '../en';

export const validation: Catalog['validation'] = {
  enter: 'Por favor, introduzca {{field}}',
  select: 'Por favor, seleccione {{field}}',
  minLength: '{{field}} debe tener al menos {{min}} caracteres',
  maxLength: '{{field}} no debe superar {{max}} caracteres',
  between: '{{field}} debe tener entre {{min}} y {{max}} caracteres',
  valid: 'Por favor, introduzca un valor válido para {{field}}',
  upload: 'Por favor, suba {{field}}',
  repeat: 'Por favor, repita {{field}}',
  invalidEmail: 'Dirección de correo electrónico no válida',
  passwordComplexity: 'La contraseña debe incluir números, letras y caracteres especiales',
  passwordsMismatch: '¡Las dos contraseñas que introdujo no coinciden!',
  invalidValue: 'Por favor, introduzca un valor válido para {{field}}',
  oneOf: 'Por favor, seleccione {{field}}',
};
