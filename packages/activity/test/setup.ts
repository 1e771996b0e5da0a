// Testing Library cleans the DOM after each test; the renderer's strings come from the real English catalogue.
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { initTestI18n } from './i18n';

initTestI18n();
afterEach(cleanup);
