// Shared by both apps: the language switcher and the theme's support details.
export const common = {
  language: {
    label: 'Language',
    en: 'English',
    es: 'Español',
    uk: 'Українська',
    saveFailed: 'Your language could not be saved.',
  },
  support: {
    help: 'Need help?',
    phone: 'Call support: {{phone}}',
    contact: 'Contact support',
    helpCenter: 'Help center',
  },
} as const;
