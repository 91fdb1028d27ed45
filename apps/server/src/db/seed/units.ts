// Units of measurement seeded into the database on first start.

export interface UnitSeed {
  code: string;
  symbol: string;
  quantity: string;
}

export const UNITS: UnitSeed[] = [
  // Counts and environmental equivalents
  { code: 'count', symbol: '', quantity: 'count' },
  { code: 't', symbol: 't', quantity: 'mass' },
  { code: 'trees', symbol: 'trees', quantity: 'trees' },
  // Power and energy
  { code: 'W', symbol: 'W', quantity: 'power' },
  { code: 'kW', symbol: 'kW', quantity: 'power' },
  { code: 'MW', symbol: 'MW', quantity: 'power' },
  { code: 'Wh', symbol: 'Wh', quantity: 'energy' },
  { code: 'kWh', symbol: 'kWh', quantity: 'energy' },
  { code: 'MWh', symbol: 'MWh', quantity: 'energy' },
  { code: 'GWh', symbol: 'GWh', quantity: 'energy' },
  { code: 'kWp', symbol: 'kWp', quantity: 'power' },
  // Electrical
  { code: 'V', symbol: 'V', quantity: 'voltage' },
  { code: 'A', symbol: 'A', quantity: 'current' },
  { code: 'Hz', symbol: 'Hz', quantity: 'frequency' },
  { code: 'var', symbol: 'var', quantity: 'reactivePower' },
  { code: 'kvar', symbol: 'kvar', quantity: 'reactivePower' },
  { code: 'VA', symbol: 'VA', quantity: 'apparentPower' },
  { code: 'kVA', symbol: 'kVA', quantity: 'apparentPower' },
  // Environment and ratios
  { code: '°C', symbol: '°C', quantity: 'temperature' },
  { code: '%', symbol: '%', quantity: 'ratio' },
  // Currencies
  { code: 'EUR', symbol: '€', quantity: 'currency' },
  { code: 'CNY', symbol: '¥', quantity: 'currency' },
  { code: 'GBP', symbol: '£', quantity: 'currency' },
  { code: 'PLN', symbol: 'zł', quantity: 'currency' },
  { code: 'CHF', symbol: 'CHF', quantity: 'currency' },
  { code: 'USD', symbol: '$', quantity: 'currency' },
  // Mass and time
  { code: 'kg', symbol: 'kg', quantity: 'mass' },
  { code: 's', symbol: 's', quantity: 'time' },
  { code: 'min', symbol: 'min', quantity: 'time' },
  { code: 'h', symbol: 'h', quantity: 'time' },
];
