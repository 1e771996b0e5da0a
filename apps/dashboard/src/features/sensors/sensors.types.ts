export interface Sensor {
  id: number;
  name: string;
  code: string;
  /** null: a provider-wide kind, offered in every domain */
  domain_id: number | null;
}

export interface SensorPage {
  data: Sensor[];
  meta: { page: number; per_page: number; total: number };
}

export interface SensorInput {
  name: string;
  code: string;
}
